// Measure the fake (built: run `pnpm build` first): start time in-process, start time of
// the bin until it prints where it listens, and a test of ten calls. Prints medians.
//   node packages/fake-server/scripts/measure.mjs [runs=20]
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { startFakeDebusine } from '../dist/index.js'

const runs = Number(process.argv[2] ?? 20)
const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]
const ms = (start) => Number(process.hrtime.bigint() - start) / 1e6

async function tenCalls(fake) {
  const headers = { Token: fake.token, 'Content-Type': 'application/json' }
  const api = async (path, method = 'GET', body) =>
    (await fetch(`${fake.apiUrl}/1.0${path}`, { method, headers, body: body && JSON.stringify(body) })).json()
  const content = 'hello\n'
  const sha256 = createHash('sha256').update(content).digest('hex')
  await api('/whoami/')
  const artifact = await api('/artifact/', 'POST', {
    category: 'debusine:test',
    files: { 'a.txt': { size: 6, checksums: { sha256 }, type: 'file', content_type: 'text/plain' } },
    data: {},
  })
  await fetch(`${fake.apiUrl}/1.0/artifact/${artifact.id}/files/a.txt/`, {
    method: 'PUT',
    headers: { Token: fake.token, 'Content-Range': 'bytes 0-5/6' },
    body: content,
  })
  await api(`/artifact/${artifact.id}/`)
  await (await fetch(artifact.files['a.txt'].url, { headers })).text()
  const request = await api('/work-request/', 'POST', { task_name: 'noop', task_data: {}, event_reactions: {} })
  await fake.completeWorkRequest(request.id)
  await api(`/work-request/${request.id}/`)
  await api('/work-request/')
  await api('/lookup/single/', 'POST', { lookup: `${artifact.id}@artifacts`, expect_type: 'artifact' })
}

function binStart() {
  const start = process.hrtime.bigint()
  const bin = spawn(process.execPath, [fileURLToPath(new URL('../dist/bin.js', import.meta.url)), '--port', '0'])
  return new Promise((resolve) => {
    createInterface({ input: bin.stdout }).once('line', () => {
      const elapsed = ms(start)
      bin.once('exit', () => resolve(elapsed))
      bin.kill('SIGTERM')
    })
  })
}

const starts = []
const tests = []
const bins = []
for (let run = 0; run < runs; run++) {
  let start = process.hrtime.bigint()
  const fake = await startFakeDebusine()
  starts.push(ms(start))
  start = process.hrtime.bigint()
  await tenCalls(fake)
  tests.push(ms(start))
  await fake.close()
  bins.push(await binStart())
}
console.log(`runs: ${runs}, node ${process.version}`)
console.log(`startFakeDebusine(): median ${median(starts).toFixed(1)} ms (first ${starts[0].toFixed(1)} ms)`)
console.log(`ten calls: median ${median(tests).toFixed(1)} ms (first ${tests[0].toFixed(1)} ms)`)
console.log(`bin, spawn to listening: median ${median(bins).toFixed(0)} ms`)
