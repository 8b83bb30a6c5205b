#!/usr/bin/env node
// The client's own cost per page of a list, without the real server's noise: a steady page
// server (lib/steady-page-server.mjs) answers every page after the same delay with a real
// page of 10 work requests, and our CLI (`work-request list --yaml`), the same protocol in
// Node with nothing but `node:http` (lib/node-pager.mjs) and the Python stdlib pager
// (lib/pager.py, the reference of list-work-requests.mjs) list it, interleaved. Prints each
// tool's wall, CPU and peak RSS, and its time over the pager, in all and per page. With
// --baseline (an older build's dist/bin.js copied aside), that build lists in every round too,
// and the run prints ours / baseline per round instead of recording its figures.
//
//   node tooling/bench/list-steady.mjs [--delay-ms 120] [--pages 100] [--rounds 4] [--baseline <bin.js>]
//
// Needs: the real server up (for one real page), the CLI built, /usr/bin/time, python3.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import {
  median,
  option,
  readServerEnv,
  roundOrder,
  roundRatios,
  timed,
  yamlListItems,
} from './lib/measure.mjs'
import { comparedLine, recordResults } from './lib/results.mjs'

const here = (path) => fileURLToPath(new URL(path, import.meta.url))
const delayMs = Number(option('delay-ms', '120'))
const pages = Number(option('pages', '100'))
const rounds = Number(option('rounds', '4'))
const baseline = option('baseline', undefined)

const env = readServerEnv()
const realApi = env.DEBUSINE_TS_API_URL.replace(/\/+$/, '')
const token = env.DEBUSINE_TS_TOKEN
const scope = env.DEBUSINE_TS_SCOPE

const answer = await fetch(`${realApi}/1.0/work-request/`, {
  headers: { Token: token, 'X-Debusine-Scope': scope },
})
const page = await answer.json()
if (!answer.ok || page.results?.length !== 10) {
  throw new Error(
    `the real server's first page of work requests: ${answer.status}, need 10 items (run list-work-requests.mjs once)`,
  )
}
const scratch = mkdtempSync(join(tmpdir(), 'bench-list-steady-'))
writeFileSync(join(scratch, 'page.json'), JSON.stringify(page))

const pageServer = spawn(
  process.execPath,
  [here('lib/steady-page-server.mjs'), join(scratch, 'page.json'), String(delayMs), String(pages)],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
)
const [port] = await once(createInterface({ input: pageServer.stdout }), 'line')
const api = `http://127.0.0.1:${port}/api`
const config = join(scratch, 'config.ini')
writeFileSync(
  config,
  `[General]\ndefault-server = steady\n\n[server:steady]\napi-url = ${api}\nscope = ${scope}\ntoken = ${token}\n`,
)

const count = String(pages * 10)
/** A build of our CLI listing every page as YAML. */
const cliTool = (bin) => [
  process.execPath,
  [bin, '--config-file', config, 'work-request', 'list', '--limit', count, '--yaml'],
]
const tools = {
  'debusine-ts': cliTool(here('../../apps/cli/dist/bin.js')),
  ...(baseline === undefined ? {} : { baseline: cliTool(baseline) }),
  'node:http pager': [process.execPath, [here('lib/node-pager.mjs'), api, token, scope, count]],
  'pager (reference)': ['python3', [here('lib/pager.py'), api, token, scope, count]],
}
const clis = new Set(['debusine-ts', 'baseline'])

const results = Object.fromEntries(Object.keys(tools).map((name) => [name, []]))
try {
  for (let round = 0; round < rounds; round += 1) {
    for (const name of roundOrder(Object.keys(tools), round)) {
      const [command, args] = tools[name]
      const run = timed(command, args)
      const items = clis.has(name) ? yamlListItems(run.stdout) : Number(run.stdout.trim())
      if (items !== Number(count)) throw new Error(`${name} listed ${items} work requests, not ${count}`)
      results[name].push(run)
      process.stderr.write(`round ${round + 1}: ${name} ${results[name].at(-1).seconds.toFixed(2)} s\n`)
    }
  }
} finally {
  pageServer.kill()
  rmSync(scratch, { recursive: true, force: true })
}

const reference = median(results['pager (reference)'].map((run) => run.seconds))
console.log(
  `list ${pages} pages of 10 work requests, each answered after ${delayMs} ms; median of ${rounds} interleaved rounds`,
)
const header = ['tool', 'wall s', 'cpu s', 'peak RSS MiB', 'over the pager, ms', 'per page, ms']
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`)
for (const [name, runs] of Object.entries(results)) {
  const wall = median(runs.map((run) => run.seconds))
  const over = (wall - reference) * 1000
  console.log(
    `| ${[name, wall.toFixed(2), median(runs.map((run) => run.cpuSeconds)).toFixed(2), median(runs.map((run) => run.peakMib)).toFixed(0), over.toFixed(0), (over / pages).toFixed(2)].join(' | ')} |`,
  )
}

if (baseline !== undefined) {
  const ab = roundRatios(results['debusine-ts'], results.baseline)
  console.log(
    `ours / baseline, per round: ${median(ab).toFixed(3)} (${Math.min(...ab).toFixed(3)}-${Math.max(...ab).toFixed(3)})`,
  )
}

const oursOver = (median(results['debusine-ts'].map((run) => run.seconds)) - reference) * 1000
const steadyLine = comparedLine({
  line: `list ${pages} pages from a steady page server, ${delayMs} ms a page`,
  bench: 'list-steady.mjs',
  limit: '—',
  reference: 'pager',
  ours: results['debusine-ts'].map((run) => run.seconds),
  theirs: results['pager (reference)'].map((run) => run.seconds),
})
const perPage = (oursOver / pages).toFixed(2)
if (baseline === undefined)
  recordResults([{ ...steadyLine, note: `${oursOver.toFixed(0)} ms over the pager, ${perPage} ms a page` }])
