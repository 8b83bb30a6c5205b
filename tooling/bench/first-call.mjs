#!/usr/bin/env node
// The first call of a command: one process that starts, makes its request(s) and exits, as a
// script or a CI step calls the CLI (issue 35). Four commands, each against the same
// request(s) by curl, by the Python CLI 0.16.2 in the chroot and by node:http (the floor of
// any Node program: lib/node-floor.mjs), interleaved; our CLI under each Node given. Prints
// wall and CPU (user + sys) of each as median (min-max), and the ratio of the median wall to
// curl's; then the import cost of the library for services
// (`import { DebusineClient } from '@debusine-ts/client'`) against a bare `node -e 0`.
//
//   node tooling/bench/first-call.mjs [--rounds 15] [--nodes /usr/bin/node,<node 24>]
//        [--cli apps/cli/dist/bin.js] [--baseline <another dist/bin.js>] [--skip-python] [--no-record]
//
// With --baseline (an older build copied aside), each round runs both builds in turn: the
// A/B of a change, which records nothing. Otherwise each command's line per Node (our wall
// over curl's, our CPU in the note) goes to the README's table (lib/results.mjs). Needs: the real server up (tooling/real-server/up), the CLI and the client
// package built, root (the Python CLI runs in the chroot; run from /tmp or the repository),
// /usr/bin/time and curl. The machine is shared: read the medians and the spread, not a
// single run.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, option, readServerEnv, roundOrder, timed } from './lib/measure.mjs'
import { comparedLine, recordResults } from './lib/results.mjs'

const repository = fileURLToPath(new URL('../..', import.meta.url))
const argv = process.argv.slice(2)
const rounds = Number(option('rounds', '15'))
const cli = option('cli', join(repository, 'apps/cli/dist/bin.js'))
const baseline = option('baseline', undefined)
const withPython = !argv.includes('--skip-python')
const nodes = option('nodes', ['/usr/bin/node', process.execPath].join(',')).split(',')
const python = join(repository, 'tooling/real-server/debusine')
const nodeFloor = join(repository, 'tooling/bench/lib/node-floor.mjs')

const env = readServerEnv()
const apiUrl = env.DEBUSINE_TS_API_URL.replace(/\/+$/, '')
const scratch = mkdtempSync(join(tmpdir(), 'bench-first-call-'))
const config = join(scratch, 'config.ini')
writeFileSync(
  config,
  `[General]\ndefault-server = bench\n\n[server:bench]\napi-url = ${apiUrl}\nscope = ${env.DEBUSINE_TS_SCOPE}\n` +
    `token = ${env.DEBUSINE_TS_TOKEN}\ndefault-workspace = ${env.DEBUSINE_TS_WORKSPACE}\n`,
)
const curlHeaders = [
  '-H',
  `Token: ${env.DEBUSINE_TS_TOKEN}`,
  '-H',
  `X-Debusine-Scope: ${env.DEBUSINE_TS_SCOPE}`,
]

function curlJson(url) {
  return JSON.parse(execFileSync('curl', ['-sfS', ...curlHeaders, url], { encoding: 'utf8' }))
}

function nodeVersion(node) {
  return execFileSync(node, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim()
}

/** A small artifact of one file (uploaded once by our CLI) and the newest work request. */
function fixtures() {
  const file = join(scratch, 'small.txt')
  writeFileSync(file, 'first call\n')
  const created = JSON.parse(
    execFileSync(
      process.execPath,
      [cli, '--config-file', config, 'artifact', 'create', 'debusine:test', '--upload', file, '--json'],
      { encoding: 'utf8', cwd: scratch },
    ),
  )
  const artifactId = created.artifact_id ?? created.artifact?.id
  const workRequestId = curlJson(`${apiUrl}/1.0/work-request/`).results[0].id
  return { artifactId, workRequestId }
}

const { artifactId, workRequestId } = fixtures()
const artifact = curlJson(`${apiUrl}/1.0/artifact/${artifactId}/`)
const fileUrl = Object.values(artifact.files)[0].url

// Each line: the CLI's arguments (ours and the Python CLI's) and curl's requests.
const lines = [
  {
    name: 'work-request list --limit 1',
    args: ['work-request', 'list', '--limit', '1'],
    urls: [`${apiUrl}/1.0/work-request/`],
  },
  {
    name: `work-request show`,
    args: ['work-request', 'show', String(workRequestId)],
    // The work request, then the artifacts it produced (as the command shows them).
    urls: [
      `${apiUrl}/1.0/work-request/${workRequestId}/`,
      ...curlJson(`${apiUrl}/1.0/work-request/${workRequestId}/`).artifacts.map(
        (id) => `${apiUrl}/1.0/artifact/${id}/`,
      ),
    ],
  },
  {
    name: `artifact show`,
    args: ['artifact', 'show', String(artifactId)],
    urls: [`${apiUrl}/1.0/artifact/${artifactId}/`],
  },
  {
    name: 'artifact download (1 small file)',
    args: ['artifact', 'download', String(artifactId), '--target-directory'],
    into: true,
    urls: [`${apiUrl}/1.0/artifact/${artifactId}/`, fileUrl],
  },
]

/** A fresh directory for a download, made before the timed run. */
function targetDirectory() {
  return mkdtempSync(join(scratch, 'out-'))
}

/** The tools of a line: name → run(), each run a fresh process (or curl's requests). */
function toolsOf(line) {
  const tools = {}
  const argsOf = (args) => (line.into ? [...args, targetDirectory()] : args)
  const builds =
    baseline === undefined
      ? [['debusine-ts', cli]]
      : [
          ['debusine-ts', cli],
          ['debusine-ts (baseline)', baseline],
        ]
  for (const node of nodes) {
    const version = nodeVersion(node).split('.')[0]
    for (const [name, bin] of builds) {
      tools[`${name}, Node ${version}`] = () =>
        timed(node, [bin, '--config-file', config, ...argsOf(line.args)], { cwd: scratch })
    }
    tools[`node:http floor, Node ${version}`] = () =>
      timed(node, [nodeFloor, curlHeaders[1], curlHeaders[3], '--', ...line.urls])
  }
  // curl fetches the line's URLs in one process, each as our CLI does: one after the other.
  tools.curl = () =>
    timed('curl', ['-sfS', ...curlHeaders, ...line.urls.flatMap((url) => [url, '-o', '/dev/null'])])
  if (withPython) {
    tools['python debusine 0.16.2'] = () =>
      timed(python, ['--config-file', config, ...argsOf(line.args)], { cwd: scratch })
  }
  return tools
}

const spread = (values, digits) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}-${Math.max(...values).toFixed(digits)})`

/** The floor of the Node that ran `name`: wall and CPU of node:http making the same GETs. */
function floorOf(runs, name) {
  const floor = runs[name.replace('debusine-ts', 'node:http floor')] ?? []
  const wall = floor.map((run) => run.seconds)
  return `${spread(wall, 3)} s wall (${(median(wall) / median(runs.curl.map((run) => run.seconds))).toFixed(2)}× curl), ${spread(
    floor.map((run) => run.cpuSeconds),
    3,
  )} s CPU`
}

/** The result file's lines of a measured command: ours against curl, per Node. */
function recordedLines(line, runs) {
  const theirs = runs.curl.map((run) => run.seconds)
  return Object.entries(runs)
    .filter(([name]) => /^debusine-ts, Node/.test(name))
    .map(([name, list]) =>
      comparedLine({
        line: `first call: ${line.name}, ${name.replace('debusine-ts, ', '')}`,
        bench: 'first-call.mjs',
        // The Node that ran our CLI for this line, not the one that ran the bench.
        measuredNode: name.replace('debusine-ts, Node ', ''),
        limit: '≤ 1.5×, ≤ 0.15 s CPU',
        reference: 'curl',
        ours: list.map((run) => run.seconds),
        theirs,
        note: `CPU ${spread(
          list.map((run) => run.cpuSeconds),
          3,
        )} s, curl's ${spread(
          runs.curl.map((run) => run.cpuSeconds),
          3,
        )} s; node:http's floor ${floorOf(runs, name)}`,
      }),
    )
}

/** Run every tool of a line `rounds` times, interleaved: its table rows and its runs. */
function measureLine(line) {
  const tools = toolsOf(line)
  const runs = Object.fromEntries(Object.keys(tools).map((name) => [name, []]))
  for (let round = 0; round < rounds + 1; round += 1) {
    for (const name of roundOrder(Object.keys(tools), round)) {
      const run = tools[name]()
      if (round > 0) runs[name].push(run) // round 0 warms caches (and Node's compile cache)
    }
  }
  const curlWall = median(runs.curl.map((run) => run.seconds))
  const rows = Object.entries(runs).map(([name, list]) => {
    const wall = list.map((run) => run.seconds)
    const cpu = list.map((run) => run.cpuSeconds)
    return `| ${line.name} | ${name} | ${spread(wall, 3)} | ${spread(cpu, 3)} | ${(median(wall) / curlWall).toFixed(2)} |`
  })
  return { rows, recorded: recordedLines(line, runs) }
}

/** The CPU and wall of importing the client for services, against `node -e 0`, per Node. */
function importCost() {
  const client = join(repository, 'packages/client')
  const rows = []
  for (const node of nodes) {
    const version = nodeVersion(node).split('.')[0]
    const tools = {
      [`node -e 0, Node ${version}`]: () => timed(node, ['-e', '0'], { cwd: client }),
      [`import { DebusineClient }, Node ${version}`]: () =>
        timed(node, ['--input-type=module', '-e', "import { DebusineClient } from '@debusine-ts/client'"], {
          cwd: client,
        }),
    }
    const runs = Object.fromEntries(Object.keys(tools).map((name) => [name, []]))
    for (let round = 0; round < rounds + 1; round += 1) {
      for (const name of roundOrder(Object.keys(tools), round)) {
        const run = tools[name]()
        if (round > 0) runs[name].push(run)
      }
    }
    for (const [name, list] of Object.entries(runs)) {
      rows.push(
        `| ${name} | ${spread(
          list.map((run) => run.seconds),
          3,
        )} | ${spread(
          list.map((run) => run.cpuSeconds),
          3,
        )} |`,
      )
    }
  }
  return rows
}

try {
  process.stderr.write(`artifact ${artifactId}, work request ${workRequestId}, ${rounds} rounds\n`)
  const rows = []
  const recorded = []
  for (const line of lines) {
    process.stderr.write(`${line.name}\n`)
    const measured = measureLine(line)
    rows.push(...measured.rows)
    recorded.push(...measured.recorded)
  }
  console.log('| command | tool | wall s, median (min-max) | CPU s (user + sys) | × curl wall |')
  console.log('| --- | --- | --- | --- | ---: |')
  for (const row of rows) console.log(row)
  console.log('\n| library import | wall s | CPU s (user + sys) |')
  console.log('| --- | --- | --- |')
  for (const row of importCost()) console.log(row)
  if (baseline === undefined) recordResults(recorded)
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
