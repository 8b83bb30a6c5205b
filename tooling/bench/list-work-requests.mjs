#!/usr/bin/env node
// List the newest N work requests (default 1,000) as YAML, interleaved, with our CLI, the
// Python CLI 0.16.2 in the chroot, and the same protocol by hand (a Python stdlib pager on
// one keep-alive connection: GET the first page, follow `next`). Prints wall, CPU, peak RSS,
// the server's CPU and the ratio to the pager. Every tool reaches the server through a timing
// proxy (lib/timing-proxy.mjs), which splits each run's wall time into the server's (from
// each request to its answer's first byte) and the client's (the rest: start-up, the time
// between pages, exit), and so gives the ratio the server's run-to-run spread does not drown.
//
//   node tooling/bench/list-work-requests.mjs [--count 1000] [--rounds 3]
//
// Needs: the real server up, the CLI built (apps/cli/dist/bin.js), root, /usr/bin/time,
// python3. The server pages work requests 10 at a time (docs/protocol.md §2), so the run is mostly
// the server's time: the figure to watch is each tool's overhead over the pager. A round
// during which gunicorn replaced a worker (every 500 requests a worker serves) is printed
// and run again.
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import {
  median,
  readServerEnv,
  roundOrder,
  roundRatios,
  timed,
  option,
  yamlListItems,
} from './lib/measure.mjs'
import { comparedLine, recordResults } from './lib/results.mjs'

const repository = fileURLToPath(new URL('../..', import.meta.url))
const count = Number(option('count', '1000'))
const rounds = Number(option('rounds', '3'))

const env = readServerEnv()
const apiUrl = env.DEBUSINE_TS_API_URL.replace(/\/+$/, '')
const token = env.DEBUSINE_TS_TOKEN
const scope = env.DEBUSINE_TS_SCOPE
const serverRoot = env.DEBUSINE_TS_SERVER_ROOT
const headers = { Token: token, 'X-Debusine-Scope': scope, 'Content-Type': 'application/json' }

// The reference: the protocol by hand, one keep-alive connection, JSON parsed, nothing printed.
const pager = fileURLToPath(new URL('lib/pager.py', import.meta.url))

/** How many work requests the list shows, up to `limit` (by the pager). */
function visibleCount(limit) {
  return Number(timed('python3', [pager, apiUrl, token, scope, String(limit)]).stdout.trim())
}

/**
 * A POST of filler data, sent again when the connection fails: a duplicate filler work
 * request does no harm here (the client itself never resends a create blindly).
 */
async function post(url, body) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, { method: 'POST', headers, ...(body === undefined ? {} : { body }) })
    } catch (error) {
      if (attempt === 5) throw error
    }
  }
}

/** Add work requests no worker runs (created, then aborted) until `count` are listed. */
async function ensureWorkRequests() {
  const missing = count - visibleCount(count)
  if (missing <= 0) return
  process.stderr.write(`creating ${missing} work requests (created and aborted at once)\n`)
  for (let index = 0; index < missing; index += 1) {
    const created = await post(
      `${apiUrl}/1.0/work-request/`,
      JSON.stringify({
        task_name: 'mmdebstrap',
        task_data: {
          bootstrap_options: { architecture: 'amd64' },
          bootstrap_repositories: [{ mirror: 'http://mirror.example/debian', suite: 'sid' }],
        },
        workspace: env.DEBUSINE_TS_WORKSPACE,
      }),
    )
    if (!created.ok) throw new Error(`creating a work request: ${created.status} ${await created.text()}`)
    const { id } = await created.json()
    const aborted = await post(`${apiUrl}/1.0/work-request/${id}/abort/`)
    if (!aborted.ok) throw new Error(`aborting work request ${id}: ${aborted.status}`)
  }
}

const scratch = mkdtempSync(join(tmpdir(), 'bench-list-'))

/** A client configuration (ours and the Python CLI's read the same file) for the API at `api`. */
function configFile(api) {
  const path = join(scratch, 'config.ini')
  writeFileSync(
    path,
    `[General]\ndefault-server = bench\n\n[server:bench]\napi-url = ${api}\nscope = ${scope}\n` +
      `token = ${token}\ndefault-workspace = ${env.DEBUSINE_TS_WORKSPACE}\n`,
  )
  return path
}

/**
 * Start lib/timing-proxy.mjs in front of the server: `api` is the API's URL through it,
 * `takeTimes()` the server's seconds and the seconds between pages since the last call.
 */
async function startTimingProxy() {
  const timesFile = join(scratch, 'times')
  writeFileSync(timesFile, '')
  const server = new URL(apiUrl)
  const child = spawn(
    process.execPath,
    [fileURLToPath(new URL('lib/timing-proxy.mjs', import.meta.url)), server.host, timesFile],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  const [port] = await once(createInterface({ input: child.stdout }), 'line')
  server.host = `127.0.0.1:${port}`
  const takeTimes = () => {
    const times = { serverSeconds: 0, gapSeconds: 0 }
    for (const line of readFileSync(timesFile, 'utf8').split('\n').filter(Boolean)) {
      const [kind, milliseconds] = line.split(' ')
      times[kind === 'server' ? 'serverSeconds' : 'gapSeconds'] += Number(milliseconds) / 1000
    }
    writeFileSync(timesFile, '')
    return times
  }
  return { api: server.href.replace(/\/+$/, ''), takeTimes, stop: () => child.kill() }
}

await ensureWorkRequests()
const proxy = await startTimingProxy()
const config = configFile(proxy.api)
// The Python CLI does not send a GET again when the server resets a kept-alive connection
// (gunicorn recycling a worker): such a run fails, is counted, and runs again.
const PYTHON = 'python debusine 0.16.2'
const tools = {
  'debusine-ts': () => {
    const run = timed(
      process.execPath,
      [
        join(repository, 'apps/cli/dist/bin.js'),
        '--config-file',
        config,
        'work-request',
        'list',
        '--limit',
        String(count),
        '--yaml',
      ],
      { serverRoot },
    )
    return { ...run, items: yamlListItems(run.stdout) }
  },
  [PYTHON]: () => {
    const run = timed(
      join(repository, 'tooling/real-server/debusine'),
      ['--config-file', config, 'work-request', 'list', '--limit', String(count), '--yaml'],
      { serverRoot },
    )
    return { ...run, items: yamlListItems(run.stdout) }
  },
  'pager (reference)': () => {
    const run = timed('python3', [pager, proxy.api, token, scope, String(count)], { serverRoot })
    return { ...run, items: Number(run.stdout.trim()) }
  },
}

const pythonFailures = []

/** A run of the tool `name`, with the server's and the client's share of its time. */
function runOf(name) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      proxy.takeTimes()
      const run = tools[name]()
      const { serverSeconds, gapSeconds } = proxy.takeTimes()
      return { ...run, serverSeconds, gapSeconds, clientSeconds: run.seconds - serverSeconds }
    } catch (error) {
      if (name !== PYTHON || attempt === 3) throw error
      pythonFailures.push(String(error.message).split('\n')[1] ?? String(error.message))
      process.stderr.write(`${name} failed, again: ${pythonFailures.at(-1)}\n`)
    }
  }
}

const results = Object.fromEntries(Object.keys(tools).map((name) => [name, []]))
// A round during which gunicorn replaced a worker (serverHttpProcesses in lib/measure.mjs) is
// reported and run again: the new worker loads Django on a core for seconds, which lands on
// whichever tool runs then and makes that round's ratios say nothing about the tools.
const disturbedRounds = []
try {
  for (let attempt = 0; results['pager (reference)'].length < rounds; attempt += 1) {
    if (attempt === rounds * 4)
      throw new Error(`gunicorn replaced a worker in ${disturbedRounds.length} rounds`)
    // No tool always runs first, or always right after the same other one (see roundOrder).
    const names = Object.keys(tools)
    const round = {}
    for (const name of roundOrder(names, attempt)) {
      const run = runOf(name)
      if (run.items !== count) throw new Error(`${name} listed ${run.items} work requests, not ${count}`)
      round[name] = run
      process.stderr.write(`round ${attempt + 1}: ${name} ${run.seconds.toFixed(2)} s\n`)
    }
    if (Object.values(round).some((run) => run.serverWorkerReplaced)) {
      const pager = round['pager (reference)'].seconds
      disturbedRounds.push(
        names.map((name) => `${name} ${(round[name].seconds / pager).toFixed(2)}`).join(', '),
      )
      process.stderr.write(`round ${attempt + 1}: gunicorn replaced a worker meanwhile, run again\n`)
      continue
    }
    for (const name of names) results[name].push(round[name])
  }
} finally {
  proxy.stop()
  rmSync(scratch, { recursive: true, force: true })
}

const pagerRuns = results['pager (reference)']
const reference = median(pagerRuns.map((run) => run.seconds))
/**
 * Each round's ratio of a tool's time to the pager's had the server taken the same time for
 * both: the tool's own time (its wall less the server's) plus the pager's server time, over
 * the pager's wall. The server's spread from run to run (±5 % a round) cancels out.
 */
const sameServerRatios = (runs) =>
  runs.map((run, round) => (run.clientSeconds + pagerRuns[round].serverSeconds) / pagerRuns[round].seconds)
const rows = Object.entries(results).map(([name, runs]) => {
  const wall = median(runs.map((run) => run.seconds))
  return [
    name,
    wall.toFixed(2),
    median(runs.map((run) => run.cpuSeconds)).toFixed(2),
    median(runs.map((run) => run.peakMib)).toFixed(0),
    median(runs.map((run) => run.serverCpuSeconds)).toFixed(2),
    median(runs.map((run) => run.serverSeconds)).toFixed(2),
    median(runs.map((run) => run.clientSeconds)).toFixed(2),
    median(runs.map((run) => run.gapSeconds)).toFixed(2),
    (wall / reference).toFixed(3),
    median(roundRatios(runs, pagerRuns)).toFixed(3),
    median(sameServerRatios(runs)).toFixed(3),
  ]
})
const header = [
  'tool',
  'wall s',
  'cpu s',
  'peak RSS MiB',
  'server cpu s',
  'server time s',
  'client time s',
  'between pages s',
  '× pager',
  'median of per-round ×',
  '× pager, same server time',
]
console.log(`list ${count} work requests as YAML, median of ${rounds} interleaved rounds`)
console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`)
for (const row of rows) console.log(`| ${row.join(' | ')} |`)
for (const [name, runs] of Object.entries(results)) {
  console.log(
    `${name} × pager per round: ${roundRatios(runs, pagerRuns)
      .map((ratio) => ratio.toFixed(2))
      .join(' ')}`,
  )
  const serverRatios = runs.map((run, round) => run.serverSeconds / pagerRuns[round].serverSeconds)
  console.log(
    `${name} server time × the pager's per round: ${serverRatios.map((ratio) => ratio.toFixed(2)).join(' ')}`,
  )
}
if (disturbedRounds.length > 0) {
  console.log(
    `${disturbedRounds.length} round(s) run again, gunicorn having replaced a worker meanwhile (× pager):`,
  )
  for (const ratios of disturbedRounds) console.log(`  ${ratios}`)
}
if (pythonFailures.length > 0)
  console.log(`${PYTHON} failed ${pythonFailures.length} time(s), run again: ${pythonFailures.join('; ')}`)

const ours = results['debusine-ts']
const listLine = comparedLine({
  line: `list ${count} work requests`,
  bench: 'list-work-requests.mjs',
  limit: '≤ 1.03×',
  reference: 'pager',
  ours: ours.map((run) => run.seconds),
  theirs: pagerRuns.map((run) => run.seconds),
})
const sameServer = median(sameServerRatios(ours)).toFixed(3)
recordResults([{ ...listLine, spread: `${listLine.spread}; ${sameServer}× at the same server time` }])
