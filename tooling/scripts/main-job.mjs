#!/usr/bin/env node
// The README's main job: a short real flow through the client against the local real
// server. It builds a small Debian source package, uploads it as an artifact, runs a work
// request and follows it live until it completes, shows it and the workspace's recent
// work requests, and downloads the artifact back, checking every byte.
// Run it through `tooling/run main` (which installs, builds and brings the server up).
import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { SourcePackageArtifact } from '../../packages/artifacts/dist/index.js'
import { DebusineClient } from '../../packages/client/dist/index.js'
import { CompletionEvents } from '../../packages/events/dist/index.js'

const say = (line) => process.stdout.write(`${line}\n`)
const sha256 = (path) => createHash('sha256').update(readFileSync(path)).digest('hex')

function readEnvFile(path) {
  const entries = readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.includes('='))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
  return Object.fromEntries(entries)
}

// A real source package, built by dpkg-source from a tiny tree.
function buildSourcePackage(directory) {
  const tree = join(directory, 'hello-ts-1.0')
  mkdirSync(join(tree, 'debian', 'source'), { recursive: true })
  writeFileSync(join(tree, 'hello.sh'), '#!/bin/sh\necho hello from debusine-ts\n')
  writeFileSync(join(tree, 'debian', 'source', 'format'), '3.0 (native)\n')
  writeFileSync(
    join(tree, 'debian', 'control'),
    'Source: hello-ts\nSection: misc\nPriority: optional\nMaintainer: debusine-ts <debusine-ts@example.org>\n' +
      'Standards-Version: 4.7.0\n\nPackage: hello-ts\nArchitecture: all\nDescription: greets\n A demo package.\n',
  )
  writeFileSync(
    join(tree, 'debian', 'changelog'),
    'hello-ts (1.0) unstable; urgency=medium\n\n  * Demo upload of the debusine-ts main job.\n\n' +
      ' -- debusine-ts <debusine-ts@example.org>  Sun, 22 Nov 2026 12:00:00 +0000\n',
  )
  writeFileSync(join(tree, 'debian', 'rules'), '#!/usr/bin/make -f\n%:\n\tdh $@\n')
  chmodSync(join(tree, 'debian', 'rules'), 0o755)
  execFileSync('dpkg-source', ['-b', 'hello-ts-1.0'], { cwd: directory, stdio: 'ignore' })
  return [join(directory, 'hello-ts_1.0.dsc'), join(directory, 'hello-ts_1.0.tar.xz')]
}

const env = readEnvFile(process.argv[2] ?? '/var/cache/debusine-ts/sid/env')
const client = new DebusineClient({
  apiUrl: env.DEBUSINE_TS_API_URL,
  token: env.DEBUSINE_TS_TOKEN,
  scope: env.DEBUSINE_TS_SCOPE,
  workspace: env.DEBUSINE_TS_WORKSPACE,
})
const { user } = await client.whoami()
say(`Connected to ${env.DEBUSINE_TS_API_URL} as ${user} (scope ${env.DEBUSINE_TS_SCOPE}, workspace ${client.workspace}).`)

const work = mkdtempSync(join(tmpdir(), 'debusine-ts-main-'))
const files = buildSourcePackage(work)
say(`Built a Debian source package with dpkg-source: ${files.map((file) => basename(file)).join(', ')}.`)

const local = await SourcePackageArtifact.create({ name: 'hello-ts', version: '1.0', files })
const artifact = await client.artifacts.upload(local, {
  onProgress: ({ path, fileCommitted, fileSize }) =>
    fileCommitted === fileSize && say(`  uploaded ${path} (${fileSize} bytes)`),
})
say(`Uploaded artifact ${artifact.id} (${artifact.category}): ${client.webuiUrl(artifact.url)}`)

const events = new CompletionEvents(client)
const request = await client.workRequests.create({
  task_name: 'noop',
  task_data: { result: 'success' },
  event_reactions: {},
})
say(`Created work request ${request.id} (${request.task_name}), status ${request.status}; following it live…`)
const done = await events.waitForCompletion(request.id, {
  workspace: request.workspace,
  signal: AbortSignal.timeout(300_000),
})
say(`Work request ${done.id} is ${done.status} with result ${done.result} (took ${done.duration ?? '?'} s on the worker).`)
say(`  ${client.webuiUrl(done.url)}`)

say(`Recent work requests in ${client.workspace}:`)
for (const recent of await client.workRequests.list().toArray({ limit: 5 }))
  say(`  #${recent.id} ${recent.task_name} ${recent.status} ${recent.result || '-'} ${recent.created_at}`)

const destination = join(work, 'download')
await client.artifacts.downloadTo(artifact.id, destination)
for (const file of files) {
  const copy = join(destination, basename(file))
  if (sha256(copy) !== sha256(file)) throw new Error(`${copy} differs from what was uploaded`)
}
say(`Downloaded artifact ${artifact.id} into ${destination}: every file matches what was uploaded.`)
if (done.result !== 'success') process.exitCode = 1
