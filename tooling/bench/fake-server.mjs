#!/usr/bin/env node
// The fake server's speed (issue 38: it starts in < 200 ms, a test of ten calls takes
// < 100 ms), each against the floor Node itself sets on this machine, interleaved:
// - startFakeDebusine() until it listens, against a bare node:http server's listen(0);
// - ten calls of a user's test (whoami, create, upload, show, download, create, complete,
//   show, list, lookup), against the same ten requests to a node:http server that answers
//   each with one canned JSON body (ten loopback round trips and nothing else);
// - the bin `debusine-ts-fake --port 0`, from spawn to its printed line, against a node
//   process that listens and prints the same way.
//
//   node tooling/bench/fake-server.mjs [--rounds 20] [--no-record]
//
// Needs the fake built (`pnpm build`); no real server.
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { option, roundOrder } from './lib/measure.mjs'
import { comparedLine, recordResults } from './lib/results.mjs'

const fakePackage = new URL('../../packages/fake-server/', import.meta.url)
const { startFakeDebusine } = await import(new URL('dist/index.js', fakePackage).href)
const fakeBin = fileURLToPath(new URL('dist/bin.js', fakePackage))
const rounds = Number(option('rounds', '20'))
const since = (start) => Number(process.hrtime.bigint() - start) / 1e6

/** A node:http server answering every request with one JSON body that has what tenCalls reads. */
async function cannedServer() {
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      const base = `http://127.0.0.1:${server.address().port}`
      response.setHeader('Content-Type', 'application/json')
      response.end(JSON.stringify({ id: 1, files: { 'a.txt': { url: `${base}/file/` } } }))
    })
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const apiUrl = `http://127.0.0.1:${server.address().port}/api`
  const close = () => new Promise((resolve) => server.close(resolve))
  return { apiUrl, token: 'canned', completeWorkRequest: async () => {}, close }
}

async function tenCalls(target) {
  const headers = { Token: target.token, 'Content-Type': 'application/json' }
  const api = async (path, method = 'GET', body) =>
    (
      await fetch(`${target.apiUrl}/1.0${path}`, { method, headers, body: body && JSON.stringify(body) })
    ).json()
  const content = 'hello\n'
  const sha256 = createHash('sha256').update(content).digest('hex')
  await api('/whoami/')
  const artifact = await api('/artifact/', 'POST', {
    category: 'debusine:test',
    files: { 'a.txt': { size: 6, checksums: { sha256 }, type: 'file', content_type: 'text/plain' } },
    data: {},
  })
  const put = {
    method: 'PUT',
    headers: { Token: target.token, 'Content-Range': 'bytes 0-5/6' },
    body: content,
  }
  await (await fetch(`${target.apiUrl}/1.0/artifact/${artifact.id}/files/a.txt/`, put)).text()
  await api(`/artifact/${artifact.id}/`)
  await (await fetch(artifact.files['a.txt'].url, { headers })).text()
  const request = await api('/work-request/', 'POST', {
    task_name: 'noop',
    task_data: {},
    event_reactions: {},
  })
  await target.completeWorkRequest(request.id)
  await api(`/work-request/${request.id}/`)
  await api('/work-request/')
  await api('/lookup/single/', 'POST', { lookup: `${artifact.id}@artifacts`, expect_type: 'artifact' })
}

/** Milliseconds from spawning `args` to its first line on stdout; then it is stopped. */
function spawnToLine(args) {
  const start = process.hrtime.bigint()
  const child = spawn(process.execPath, args)
  return new Promise((resolve) => {
    createInterface({ input: child.stdout }).once('line', () => {
      const elapsed = since(start)
      child.once('exit', () => resolve(elapsed))
      child.kill('SIGTERM')
    })
  })
}

const listeningNode = [
  '-e',
  "const s = require('node:http').createServer(); s.listen(0, '127.0.0.1', () => console.log(s.address().port))",
]

/** One round of a tool: the times (ms) of `startServer()`, ten calls to it and a spawn of `spawnArgs`. */
async function measuredRound(startServer, spawnArgs) {
  let start = process.hrtime.bigint()
  const server = await startServer()
  const started = since(start)
  start = process.hrtime.bigint()
  await tenCalls(server)
  const calls = since(start)
  await server.close()
  return { started, calls, spawned: await spawnToLine(spawnArgs) }
}

const tools = {
  fake: () => measuredRound(startFakeDebusine, [fakeBin, '--port', '0']),
  node: () => measuredRound(cannedServer, listeningNode),
}

const runs = { fake: [], node: [] }
for (let round = 0; round < rounds + 1; round += 1) {
  for (const name of roundOrder(Object.keys(tools), round)) {
    const run = await tools[name]()
    if (round > 0) runs[name].push(run) // round 0 warms the modules and the loopback
  }
}
const measured = (key, line, reference, limit) =>
  comparedLine({
    line,
    bench: 'fake-server.mjs',
    limit,
    reference,
    unit: 'ms',
    ours: runs.fake.map((run) => run[key]),
    theirs: runs.node.map((run) => run[key]),
  })
const lines = [
  measured('started', 'fake server: startFakeDebusine() until it listens', 'node:http listen', '< 200 ms'),
  measured('calls', 'fake server: a test of ten calls', 'ten calls to a canned node:http', '< 100 ms'),
  measured('spawned', 'fake server: the bin, spawn to listening', 'node listening', '< 200 ms'),
]
for (const line of lines) {
  console.log(`${line.line}: ${line.ours} ms; ${line.reference} ${line.referenceFigure} ms; ${line.spread}`)
}
recordResults(lines)
