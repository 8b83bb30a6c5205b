#!/usr/bin/env node
// Start-up time of `debusine-ts --version` next to a bare `node -e 0` and, when the real
// server's chroot is there, the Python client's `debusine --version`.
// Usage: node apps/cli/bench/startup.mjs [runs]   (build first: pnpm --filter @debusine-ts/cli build)
// Uses hyperfine when installed (apt-get install -y hyperfine), else times N runs itself.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const runs = Number(process.argv[2] ?? 20)
const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))
const python = fileURLToPath(new URL('../../../tooling/real-server/debusine', import.meta.url))
const node = process.execPath

const candidates = [
  { name: 'node -e 0', command: [node, '-e', '0'] },
  { name: 'debusine-ts --version', command: [node, bin, '--version'] },
  { name: 'debusine-ts --help', command: [node, bin, '--help'] },
]
if (existsSync(python) && process.getuid?.() === 0 && spawnSync(python, ['--version']).status === 0) {
  candidates.push({ name: 'debusine --version (Python)', command: [python, '--version'] })
}

function quote(word) {
  return /^[\w./=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}

if (spawnSync('hyperfine', ['--version']).status === 0) {
  const result = spawnSync(
    'hyperfine',
    [
      '--warmup',
      '3',
      '--runs',
      String(runs),
      '-N',
      ...candidates.flatMap((c) => ['-n', c.name, c.command.map(quote).join(' ')]),
    ],
    { stdio: 'inherit' },
  )
  process.exit(result.status ?? 1)
}

function time(command) {
  const start = process.hrtime.bigint()
  const result = spawnSync(command[0], command.slice(1), { stdio: 'ignore' })
  if (result.status !== 0) throw new Error(`${command.join(' ')} exited ${result.status}`)
  return Number(process.hrtime.bigint() - start) / 1e6
}

const rows = candidates.map(({ name, command }) => {
  for (let warmup = 0; warmup < 3; warmup += 1) time(command)
  const samples = Array.from({ length: runs }, () => time(command)).sort((a, b) => a - b)
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length
  return { name, mean, median: samples[Math.floor(samples.length / 2)], min: samples[0] }
})
const base = rows[0].median
console.log(`${runs} runs each (ms)`)
console.log(['command'.padEnd(30), 'median', '  mean', '   min', ' vs node'].join('  '))
for (const row of rows) {
  console.log(
    [
      row.name.padEnd(30),
      row.median.toFixed(1).padStart(6),
      row.mean.toFixed(1).padStart(6),
      row.min.toFixed(1).padStart(6),
      `${row.median - base >= 0 ? '+' : ''}${(row.median - base).toFixed(1)}`.padStart(8),
    ].join('  '),
  )
}
