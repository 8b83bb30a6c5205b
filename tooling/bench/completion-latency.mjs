#!/usr/bin/env node
// Completion → command start: how long after the server marks a work request completed does
// the listener's command start? Compares, in one interleaved run against the real server:
//   - ours: `debusine-ts work-request on-completed` (the CLI, on @debusine-ts/events)
//   - python: `debusine work-request on-completed` (the official client 0.16.2, in the chroot)
//   - raw: a bare websocket listener (Node, `ws`) that spawns the command on each message
// Each listener watches a workspace of its own, so that one completion wakes one listener;
// rounds rotate the order. The command is the same bash script for all three: it appends
// `$EPOCHREALTIME <id>` to a file (no fork inside it). Latency = that time − `completed_at`
// (the server's clock; the server runs on this machine).
//
//   node tooling/bench/completion-latency.mjs [--rounds 20] [--batches 4] [--paired] [--cli apps/cli/dist/bin.js]
//        [--env /var/cache/debusine-ts/sid/env]
//
// --batches: the listeners start anew for each batch of rounds: the server puts each websocket
// on one of its HTTP workers, which favours whoever lands on the idler one for a whole run.
// --paired: the three listen to the same workspace, so each completion reaches all three at
// once and the server's own delay (which varies by ±100 ms) cancels out of the differences.
//
// Needs: the real server up (tooling/real-server/up), the packages built (pnpm run build),
// root (the Python client runs in the chroot). Writes under /tmp/debusine-ts-bench-latency.
import { execFileSync, spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { median, readServerEnv, option } from './lib/measure.mjs'
import { comparedLine, recordResults } from './lib/results.mjs'

const repository = fileURLToPath(new URL('../..', import.meta.url))
const argv = process.argv.slice(2)
const rounds = Number(option('rounds', '20'))
const paired = argv.includes('--paired')
const cli = option('cli', join(repository, 'apps/cli/dist/bin.js'))
const batches = Number(option('batches', '4'))
const envFile = option(
  'env',
  join(process.env.DEBUSINE_TS_SERVER_CACHE ?? '/var/cache/debusine-ts/sid', 'env'),
)
const env = readServerEnv(envFile)
const { DEBUSINE_TS_API_URL: apiUrl, DEBUSINE_TS_TOKEN: token, DEBUSINE_TS_SCOPE: scope } = env
const work = '/tmp/debusine-ts-bench-latency'
rmSync(work, { recursive: true, force: true })
mkdirSync(work, { recursive: true })

// The command every listener runs: one line per completion, stamped without a fork.
const stampScript = join(work, 'stamp')
writeFileSync(stampScript, '#!/bin/bash\nprintf \'%s %s\\n\' "$EPOCHREALTIME" "$2" >> "$1"\n')
chmodSync(stampScript, 0o755)

// Our CLI reads the same config.ini format as the Python client.
const configFile = join(work, 'config.ini')
writeFileSync(
  configFile,
  `[General]\ndefault-server = bench\n\n[server:bench]\napi-url = ${apiUrl}\nscope = ${scope}\ntoken = ${token}\n`,
  { mode: 0o600 },
)

const rawListener = join(work, 'raw-listener.mjs')
const wsModule = createRequire(join(repository, 'packages/events/package.json')).resolve('ws')
writeFileSync(
  rawListener,
  `import { spawn } from 'node:child_process'
import WebSocket from ${JSON.stringify(wsModule)}
const [url, token, command, file] = process.argv.slice(2)
const socket = new WebSocket(url, { headers: { token } })
socket.on('message', (data) => {
  const message = JSON.parse(data.toString())
  if (message.text === 'work_request_completed') {
    spawn(command, [file, String(message.work_request_id), message.result], { stdio: 'inherit' })
  }
})
`,
)

function freshWorkspace(label) {
  const name = `bench-latency-${label}-${Date.now().toString(36)}`
  execFileSync(join(repository, 'tooling/real-server/workspace'), [name], { stdio: 'ignore' })
  return name
}

async function api(method, path, body) {
  const response = await fetch(`${apiUrl}/1.0${path}`, {
    method,
    headers: { Token: token, 'X-Debusine-Scope': scope, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`)
  return response.json()
}

const shared = paired ? freshWorkspace('paired') : undefined
const listeners = ['ours', 'python', 'raw'].map((name) => ({
  name,
  workspace: shared ?? freshWorkspace(name),
  file: join(work, `stamps-${name}`),
}))
let children = []

/** Start the three listeners (each batch anew: the server places each websocket on one of its workers). */
function startListeners(batch) {
  children = listeners.map((listener) => {
    const command = [stampScript, listener.file]
    const wsUrl = `${apiUrl.replace(/^http/, 'ws')}/ws/1.0/work-request/on-completed/?workspaces=${listener.workspace}`
    const argvOf = {
      ours: [
        process.execPath,
        cli,
        '--config-file',
        configFile,
        'work-request',
        'on-completed',
        // `--workspace W [W...]` would take the command as a workspace too.
        `--workspace=${listener.workspace}`,
        ...command,
      ],
      python: [
        join(repository, 'tooling/real-server/debusine'),
        'work-request',
        'on-completed',
        `--workspace=${listener.workspace}`,
        ...command,
      ],
      raw: [process.execPath, rawListener, wsUrl, token, ...command],
    }[listener.name]
    const log = openSync(join(work, `${listener.name}-${batch}.log`), 'w')
    return spawn(argvOf[0], argvOf.slice(1), { cwd: work, stdio: ['ignore', log, log] })
  })
}

function stopListeners() {
  for (const child of children) child.kill('SIGTERM')
}

/** When the listener's command ran for work request `id`, in ms since the epoch, if it did. */
function stampOf(listener, id) {
  const lines = existsSync(listener.file) ? readFileSync(listener.file, 'utf8').trim().split('\n') : []
  const line = lines.find((entry) => entry.endsWith(` ${id}`))
  return line === undefined ? undefined : Number(line.split(' ')[0]) * 1000
}

/**
 * Create a noop work request in the workspace of `group` (listeners of one workspace) and wait
 * for each one's stamp: their latencies, or undefined after `waitMs`.
 */
async function round(group, waitMs = 60_000) {
  const created = await api('POST', '/work-request/', {
    task_name: 'noop',
    task_data: { result: 'success' },
    event_reactions: {},
    workspace: group[0].workspace,
  })
  const deadline = Date.now() + waitMs
  for (;;) {
    const stamps = group.map((listener) => stampOf(listener, created.id))
    if (stamps.every((stamp) => stamp !== undefined)) {
      const completedAt = Date.parse((await api('GET', `/work-request/${created.id}/`)).completed_at)
      return stamps.map((stamp) => stamp - completedAt)
    }
    if (Date.now() > deadline) return undefined
    await delay(20)
  }
}

try {
  const groups = paired ? [listeners] : listeners.map((listener) => [listener])
  const samples = Object.fromEntries(listeners.map((listener) => [listener.name, []]))
  for (let batch = 0; batch < batches; batch += 1) {
    for (const listener of listeners) rmSync(listener.file, { force: true })
    startListeners(batch)
    // Rounds until each listener ran its command once: then it is connected.
    for (const group of groups) {
      let attempts = 0
      // A late completion of an earlier attempt counts too: the machine may be busy.
      const stamped = () => group.every((listener) => existsSync(listener.file))
      while ((await round(group, 10_000)) === undefined && !stamped()) {
        attempts += 1
        if (attempts === 6)
          throw new Error(`${group.map((one) => one.name)}: a command never ran; see ${work}/*.log`)
      }
    }
    for (let index = 0; index < Math.ceil(rounds / batches); index += 1) {
      const order = groups.map((_, at) => groups[(at + index + batch) % groups.length])
      for (const group of order) {
        const latencies = await round(group)
        if (latencies === undefined)
          throw new Error(`${group.map((one) => one.name)}: no command within 60 s`)
        group.forEach((listener, at) => samples[listener.name].push(latencies[at]))
      }
    }
    stopListeners()
    await delay(1_000)
  }
  const quantile = (values, q) =>
    values.toSorted((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]
  const reference = median(samples.raw)
  console.log(
    `completion → command start, ${samples.raw.length} rounds in ${batches} batches${paired ? ', paired' : ''} (ms; server ${apiUrl})`,
  )
  console.log('| listener | median | p90 | min | max | median / raw | median of (this − raw), same event |')
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const listener of listeners) {
    const values = samples[listener.name]
    const label = {
      ours: 'debusine-ts work-request on-completed',
      python: 'debusine 0.16.2 work-request on-completed',
      raw: 'raw websocket (Node ws + spawn)',
    }[listener.name]
    const cells = [median(values), quantile(values, 0.9), Math.min(...values), Math.max(...values)].map(
      (value) => value.toFixed(1),
    )
    const difference = paired ? median(values.map((value, at) => value - samples.raw[at])).toFixed(1) : '—'
    console.log(
      `| ${label} | ${cells.join(' | ')} | ${(median(values) / reference).toFixed(2)} | ${difference} |`,
    )
  }
  const p90 = (values) => quantile(values, 0.9).toFixed(1)
  const sameEvent = median(samples.ours.map((value, at) => value - samples.raw[at])).toFixed(1)
  const completionLine = comparedLine({
    line: `completion → command start, ${paired ? 'paired' : 'interleaved'}`,
    bench: 'completion-latency.mjs',
    limit: '≤ 1.05×',
    reference: 'raw websocket',
    ours: samples.ours,
    theirs: samples.raw,
    unit: 'ms',
  })
  const p90s = `p90 ${p90(samples.ours)} ms, raw ${p90(samples.raw)} ms`
  const spread = paired ? `paired: ${sameEvent} ms on the same event; ${p90s}` : p90s
  recordResults([{ ...completionLine, spread }])
} finally {
  stopListeners()
}
