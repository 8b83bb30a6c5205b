#!/usr/bin/env node
// Upload and download an artifact of several random files against the real server, with
// our client (a few settings), the official Python client and plain curl, and print the
// throughput and peak memory (max RSS of each child process, from GNU time) of each.
//
//   node tooling/bench/upload-download.mjs [--size-mib 1024] [--files 4] [--only hash,ours,python,curl]
//
// Needs: the real server up (tooling/real-server/up), the packages built (pnpm run build),
// root (the Python client runs in the chroot), /usr/bin/time, curl. Writes under /tmp.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash, randomFillSync } from 'node:crypto'
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const repository = fileURLToPath(new URL('../..', import.meta.url))
const argv = process.argv.slice(2)
const option = (name, fallback) => {
  const index = argv.indexOf(`--${name}`)
  return index === -1 ? fallback : argv[index + 1]
}

function readEnv() {
  const text = readFileSync('/var/cache/debusine-ts/sid/env', 'utf8')
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  )
}
const env = readEnv()
const apiUrl = env.DEBUSINE_TS_API_URL
const token = env.DEBUSINE_TS_TOKEN
const scope = env.DEBUSINE_TS_SCOPE

// ---------------------------------------------------------------------------------------
// Child mode: one operation of our client, in its own process so that its peak RSS is its own.
if (argv[0] === '--child') {
  const [, operation, workspace, ...rest] = argv
  const { DebusineClient } = await import(join(repository, 'packages/client/dist/index.js'))
  const { TestArtifact } = await import(join(repository, 'packages/artifacts/dist/index.js'))
  const client = new DebusineClient({ apiUrl, token, scope, workspace })
  const started = performance.now()
  let id
  if (operation === 'hash') {
    const [directory] = rest
    const files = readdirSync(directory).map((name) => join(directory, name))
    const local = await TestArtifact.create({ files, baseDirectory: directory })
    await local.fileRequests()
    id = 0
  } else if (operation === 'upload') {
    const [directory, concurrency, chunkMib] = rest
    const files = readdirSync(directory).map((name) => join(directory, name))
    const local = await TestArtifact.create({ files, baseDirectory: directory })
    const artifact = await client.artifacts.upload(local, {
      concurrency: Number(concurrency),
      ...(chunkMib === 'default'
        ? {}
        : { chunkSize: chunkMib === 'whole' ? Infinity : Number(chunkMib) * 1024 * 1024 }),
    })
    id = artifact.id
  } else {
    const [artifactId, directory] = rest
    await client.artifacts.downloadTo(Number(artifactId), directory)
    id = Number(artifactId)
  }
  process.stdout.write(JSON.stringify({ id, seconds: (performance.now() - started) / 1000 }) + '\n')
  process.exit(0)
}

// ---------------------------------------------------------------------------------------
const sizeMib = Number(option('size-mib', '1024'))
const fileCount = Number(option('files', '4'))
const only = option('only', 'hash,ours,python,curl').split(',')
const root = '/tmp/debusine-ts-bench'
const source = join(root, 'source')
const bytesTotal = sizeMib * 1024 * 1024
const mib = (bytes) => bytes / 1024 / 1024

function generate() {
  rmSync(root, { recursive: true, force: true })
  mkdirSync(source, { recursive: true })
  const perFile = Math.floor(bytesTotal / fileCount)
  const block = Buffer.alloc(16 * 1024 * 1024)
  for (let index = 0; index < fileCount; index += 1) {
    const descriptor = openSync(join(source, `part-${index}.bin`), 'w')
    for (let written = 0; written < perFile;) {
      const length = Math.min(block.length, perFile - written)
      randomFillSync(block, 0, length)
      writeSync(descriptor, block, 0, length)
      written += length
    }
    closeSync(descriptor)
  }
}

/** Run a command under GNU time: wall seconds, peak RSS (MiB) and its stdout. */
function timed(command, args, options = {}) {
  const result = spawnSync('/usr/bin/time', ['-f', '@@TIME %e %M', command, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    ...options,
  })
  const match = /@@TIME ([\d.]+) (\d+)/.exec(result.stderr)
  if (result.status !== 0 || match === null) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}\n${result.stdout}`,
    )
  }
  return { seconds: Number(match[1]), peakMib: Number(match[2]) / 1024, stdout: result.stdout }
}

let workspaceCounter = 0
function freshWorkspace() {
  // Deduplication never crosses workspaces: each run gets its own, so every byte is sent.
  const name = `bench-${Date.now().toString(36)}-${(workspaceCounter += 1)}`
  execFileSync(join(repository, 'tooling/real-server/workspace'), [name], { stdio: 'ignore' })
  return name
}

function sha256Of(path) {
  return createHash('sha256').update(readFileSync(path)).digest('hex')
}
function checkSame(directory) {
  for (const name of readdirSync(source)) {
    const copy = join(directory, name)
    if (
      statSync(copy).size !== statSync(join(source, name)).size ||
      sha256Of(copy) !== sha256Of(join(source, name))
    ) {
      throw new Error(`${copy} differs from the source`)
    }
  }
}

const rows = []
function record(tool, operation, run, note = '') {
  rows.push({ tool, operation, seconds: run.seconds, peakMib: run.peakMib, note })
  process.stderr.write(
    `${tool.padEnd(34)} ${operation.padEnd(9)} ${run.seconds.toFixed(1).padStart(6)} s ` +
      `${(mib(bytesTotal) / run.seconds).toFixed(0).padStart(5)} MiB/s  peak RSS ${run.peakMib.toFixed(0).padStart(5)} MiB ${note}\n`,
  )
}

function ours(label, concurrency, chunkMib, withDownload) {
  const workspace = freshWorkspace()
  // Flush what earlier runs (and the server) wrote, so that each run starts alike.
  execFileSync('sync')
  const upload = timed(
    process.execPath,
    [
      fileURLToPath(import.meta.url),
      '--child',
      'upload',
      workspace,
      source,
      String(concurrency),
      String(chunkMib),
    ],
  )
  const { id } = JSON.parse(upload.stdout.trim().split('\n').at(-1))
  record(`ours (${label})`, 'upload', upload, 'hash + create + upload')
  if (!withDownload) return
  const target = join(root, `ours-${id}`)
  const download = timed(
    process.execPath,
    [fileURLToPath(import.meta.url), '--child', 'download', workspace, String(id), target],
  )
  checkSame(target)
  record(`ours (${label})`, 'download', download, 'verified, one request per file')
  rmSync(target, { recursive: true, force: true })
}

function python() {
  const workspace = freshWorkspace()
  execFileSync('sync')
  const files = readdirSync(source).sort()
  const upload = timed(
    join(repository, 'tooling/real-server/debusine'),
    [
      'artifact',
      'create',
      '-w',
      workspace,
      'debusine:test',
      '--upload-base-directory',
      source,
      '--upload',
      ...files,
    ],
    { cwd: source },
  )
  const id = Number(/artifact_id: (\d+)/.exec(upload.stdout)?.[1])
  record('python debusine 0.16.2', 'upload', upload, 'hash + create + upload (50 MiB chunks)')
  const target = join(root, `python-${id}`)
  mkdirSync(target)
  const download = timed(join(repository, 'tooling/real-server/debusine'), [
    'artifact',
    'download',
    String(id),
    '--target-directory',
    target,
  ])
  checkSame(target)
  record('python debusine 0.16.2', 'download', download, 'verified, one request per file')
  rmSync(target, { recursive: true, force: true })
}

function curl() {
  const workspace = freshWorkspace()
  const files = readdirSync(source).sort()
  // The create request (with hashes computed beforehand) is not timed: only the transfers.
  const declared = Object.fromEntries(
    files.map((name) => [
      name,
      {
        size: statSync(join(source, name)).size,
        checksums: { sha256: sha256Of(join(source, name)) },
        type: 'file',
      },
    ]),
  )
  const created = JSON.parse(
    execFileSync('curl', [
      '-sS',
      '-H',
      `Token: ${token}`,
      '-H',
      'Content-Type: application/json',
      '--data',
      JSON.stringify({ category: 'debusine:test', workspace, files: declared, data: {} }),
      `${apiUrl}/1.0/artifact/`,
    ]),
  )
  execFileSync('sync')
  let seconds = 0
  let peakMib = 0
  for (const name of files) {
    const size = declared[name].size
    const run = timed('curl', [
      '-sS',
      '-f',
      '-o',
      '/dev/null',
      '-T',
      join(source, name),
      '-H',
      `Token: ${token}`,
      '-H',
      `Content-Range: bytes 0-${size - 1}/${size}`,
      // -T appends the file name to a URL that ends with "/": name the target explicitly.
      '--request-target',
      `${new URL(apiUrl).pathname}/1.0/artifact/${created.id}/files/${name}/`,
      `${new URL(apiUrl).origin}/`,
    ])
    seconds += run.seconds
    peakMib = Math.max(peakMib, run.peakMib)
  }
  record('curl (PUT whole files)', 'upload', { seconds, peakMib }, 'transfer only, no hashing')
  const tar = timed('curl', [
    '-sS',
    '-f',
    '-o',
    join(root, 'curl.tar.gz'),
    '-H',
    `Token: ${token}`,
    created.download_tar_gz_url,
  ])
  record(
    'curl (GET the .tar.gz)',
    'download',
    tar,
    `${mib(statSync(join(root, 'curl.tar.gz')).size).toFixed(0)} MiB archive, not extracted`,
  )
  rmSync(join(root, 'curl.tar.gz'))
  seconds = 0
  peakMib = 0
  for (const name of files) {
    const run = timed('curl', [
      '-sS',
      '-f',
      '-o',
      join(root, `curl-${name}`),
      '-H',
      `Token: ${token}`,
      created.files[name].url,
    ])
    seconds += run.seconds
    peakMib = Math.max(peakMib, run.peakMib)
    rmSync(join(root, `curl-${name}`))
  }
  record('curl (GET each file)', 'download', { seconds, peakMib }, 'not verified')
}

process.stderr.write(
  `Generating ${fileCount} files of ${sizeMib / fileCount} MiB of random data under ${source}…\n`,
)
generate()
execFileSync('sync')
process.stderr.write(
  `Server ${apiUrl}; ${sizeMib} MiB in ${fileCount} files; machine: ${(await import('node:os')).cpus().length} CPUs\n\n`,
)
if (only.includes('hash')) {
  // Only the hashing that precedes the creation (TestArtifact + fileRequests), no request.
  const run = timed(process.execPath, [fileURLToPath(import.meta.url), '--child', 'hash', 'none', source])
  record('ours (hashing only)', 'hash', run, `fileRequests of the ${fileCount} files`)
}
if (only.includes('ours')) {
  ours('default: whole file per request, 1 file at a time', 1, 'default', true)
  ours('50 MiB chunks (a proxy body limit)', 1, '50', false)
}
if (only.includes('python')) python()
if (only.includes('curl')) curl()

console.log(`\n| tool | operation | seconds | MiB/s | peak RSS (MiB) | note |`)
console.log(`|---|---|---:|---:|---:|---|`)
for (const row of rows) {
  console.log(
    `| ${row.tool} | ${row.operation} | ${row.seconds.toFixed(1)} | ${(mib(bytesTotal) / row.seconds).toFixed(0)} | ${row.peakMib.toFixed(0)} | ${row.note} |`,
  )
}
rmSync(root, { recursive: true, force: true })
