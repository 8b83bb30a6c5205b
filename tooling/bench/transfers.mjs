#!/usr/bin/env node
// Artifact transfers, interleaved, with our CLI, the Python CLI 0.16.2 in the chroot and
// the same protocol by hand (curl + openssl, one file after another and all at once with
// `curl --parallel`): upload (fresh random bytes every run), the
// files downloaded and verified, and the .tar.gz (then the .tar.gz of 4 KiB: each tool's
// fixed cost). Prints wall, CPU, peak RSS, the server's CPU and the ratio to the reference,
// and (--flat) the peak RSS of our CLI and of the library for a small and a big file.
//
//   node tooling/bench/transfers.mjs [--size-mib 1024 | --file-kib 10] [--files 4] [--rounds 2]
//        [--lines upload,download,tarball] [--tarball-mib 256] [--flat 64,4096] [--cli apps/cli/dist/bin.js]
//        [--baseline <another dist/bin.js>] [--skip-python]
//
// With --baseline (an older build copied aside), each round runs both builds in turn and the
// run is an A/B: its figures are printed, not recorded.
// Needs: the real server up, the CLI built (apps/cli/dist/bin.js), root, /usr/bin/time,
// curl, openssl. Writes under /tmp (the chroot sees it), removes it at the end; leaves the
// artifacts on the server (in fresh workspaces).
import { execFileSync } from 'node:child_process'
import { randomFillSync } from 'node:crypto'
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median, readServerEnv, roundOrder, roundRatios, timed, option } from './lib/measure.mjs'
import { curlDownload, curlDownloadParallel, curlUpload, curlUploadParallel } from './lib/curl-protocol.mjs'
import { comparedLine, recordResults } from './lib/results.mjs'

const repository = fileURLToPath(new URL('../..', import.meta.url))
const fileCount = Number(option('files', '4'))
// --file-kib gives each file's size (many small files: --files 1000 --file-kib 10).
const fileKib = option('file-kib', undefined)
const sizeMib = fileKib === undefined ? Number(option('size-mib', '1024')) : (Number(fileKib) * fileCount) / 1024
const rounds = Number(option('rounds', '2'))
const lines = option('lines', 'upload,download,tarball').split(',')
const tarballMib = Number(option('tarball-mib', '256'))
const flat = option('flat', '')

const env = readServerEnv()
const apiUrl = env.DEBUSINE_TS_API_URL.replace(/\/+$/, '')
const { DEBUSINE_TS_TOKEN: token, DEBUSINE_TS_SCOPE: scope, DEBUSINE_TS_SERVER_ROOT: serverRoot } = env
const cli = option('cli', join(repository, 'apps/cli/dist/bin.js'))
const baseline = option('baseline', undefined)
const skipPython = process.argv.includes('--skip-python')
const python = join(repository, 'tooling/real-server/debusine')
const scratch = mkdtempSync('/tmp/debusine-ts-bench-')
const MiB = 1024 * 1024

/** A new private workspace: the server deduplicates content per workspace. */
function freshWorkspace(prefix) {
  const name = `${prefix}-${Date.now().toString(36)}`
  execFileSync(join(repository, 'tooling/real-server/workspace'), [name], { stdio: 'ignore' })
  return name
}

/**
 * Every run uploads GiBs of fresh bytes, which the server keeps: once measured, the artifacts
 * of every `bench-*` workspace (this run's and earlier ones') are expired and the server's own
 * clean-up deletes them and their files, so runs do not fill the disk.
 */
function freeServerStore() {
  const admin = join(repository, 'tooling/real-server/admin')
  const expire = [
    'from datetime import timedelta',
    'from debusine.db.models import Artifact',
    "bench = Artifact.objects.filter(workspace__name__startswith='bench-')",
    'bench.update(expiration_delay=timedelta(seconds=1))',
  ].join('\n')
  for (const args of [['shell', '-c', expire], ['delete_expired'], ['vacuum_storage']]) {
    execFileSync(admin, args, { stdio: 'ignore' })
  }
}

/** `count` files of random bytes, `mib` MiB in all, in a new directory; returns their paths. */
function randomFiles(mib, count) {
  const directory = mkdtempSync(join(scratch, 'files-'))
  const block = Buffer.alloc(4 * MiB)
  return Array.from({ length: count }, (_, index) => {
    const path = join(directory, `file-${index}.bin`)
    const descriptor = openSync(path, 'w')
    for (let written = 0; written < (mib * MiB) / count; written += block.length) {
      writeSync(descriptor, randomFillSync(block), 0, Math.min(block.length, (mib * MiB) / count - written))
    }
    closeSync(descriptor)
    return path
  })
}

function configFile(workspace) {
  const path = join(mkdtempSync(join(scratch, 'config-')), 'config.ini')
  writeFileSync(
    path,
    `[General]\ndefault-server = bench\n\n[server:bench]\napi-url = ${apiUrl}\nscope = ${scope}\n` +
      `token = ${token}\ndefault-workspace = ${workspace}\n`,
  )
  return path
}

const sync = () => execFileSync('sync')
const artifactIdIn = (text) => Number(/artifact_id: (\d+)/.exec(text)?.[1])

/** Our CLI (the build at `bin`) uploading `files` as a new artifact. */
function cliUpload(bin, workspace, files) {
  const args = ['artifact', 'create', '--workspace', workspace, '--upload', ...files, '--', 'debusine:test']
  return timed(process.execPath, [bin, '--config-file', configFile(workspace), ...args], { serverRoot })
}

/** Our CLI (the build at `bin`) downloading `artifact` into `directory`. */
function cliDownload(bin, artifact, workspace, directory, flags) {
  const args = ['artifact', 'download', String(artifact.id), '--target-directory', directory, ...flags]
  return timed(process.execPath, [bin, '--config-file', configFile(workspace), ...args], { serverRoot })
}

/** One tool's run of one line: the timed result plus the artifact it made (uploads). */
function uploadRun(tool, workspace, mib = sizeMib) {
  const files = randomFiles(mib, fileCount)
  sync()
  const commands = {
    ours: () => cliUpload(cli, workspace, files),
    baseline: () => cliUpload(baseline, workspace, files),
    python: () =>
      timed(
        python,
        ['artifact', 'create', '--workspace', workspace, '--upload', ...files, '--', 'debusine:test'],
        { serverRoot },
      ),
    curl: () =>
      timed('bash', ['-c', curlUpload, 'bash', apiUrl, token, scope, workspace, ...files], { serverRoot }),
    'curl-parallel': () =>
      timed('bash', ['-c', curlUploadParallel, 'bash', apiUrl, token, scope, workspace, ...files], {
        serverRoot,
      }),
  }
  const run = commands[tool]()
  rmSync(join(files[0], '..'), { recursive: true, force: true })
  return { ...run, artifactId: artifactIdIn(run.stdout) }
}

/** The artifact, checked complete: a benchmark of an upload that did not finish would mean nothing. */
async function completeArtifact(id, tool) {
  const artifact = await artifactOf(id)
  if (!(artifact.files_to_upload?.length === 0))
    throw new Error(`${tool}: artifact ${id} is not complete: ${JSON.stringify(artifact)}`)
  return artifact
}

async function artifactOf(id) {
  const get = () =>
    fetch(`${apiUrl}/1.0/artifact/${id}/`, { headers: { Token: token, 'X-Debusine-Scope': scope } })
  // The server may have closed our idle keep-alive connection while a tool ran: once more.
  const response = await get().catch(get)
  return response.json()
}

function downloadRun(tool, artifact, workspace, tarball) {
  const directory = mkdtempSync(join(scratch, 'out-'))
  sync()
  const flags = tarball ? ['--tarball'] : []
  const urls = Object.values(artifact.files).map((file) => file.url)
  const commands = {
    ours: () => cliDownload(cli, artifact, workspace, directory, flags),
    baseline: () => cliDownload(baseline, artifact, workspace, directory, flags),
    python: () =>
      timed(
        python,
        ['artifact', 'download', String(artifact.id), '--target-directory', directory, ...flags],
        { serverRoot },
      ),
    curl: () =>
      tarball
        ? timed(
            'curl',
            ['-sf', '-H', `Token: ${token}`, '-o', join(directory, 'a.tar.gz'), artifact.download_tar_gz_url],
            { serverRoot },
          )
        : timed('bash', ['-c', curlDownload, 'bash', token, directory, ...urls], { serverRoot }),
    'curl-parallel': () =>
      timed('bash', ['-c', curlDownloadParallel, 'bash', token, directory, ...urls], { serverRoot }),
  }
  const run = commands[tool]()
  rmSync(directory, { recursive: true, force: true })
  return run
}

const tools = ['ours', ...(baseline ? ['baseline'] : []), ...(skipPython ? [] : ['python']), 'curl', 'curl-parallel']
const results = {}
const record = (line, tool, run) => {
  results[line] ??= {}
  results[line][tool] ??= []
  results[line][tool].push(run)
  process.stderr.write(
    `${line} ${tool}: ${run.seconds.toFixed(2)} s, cpu ${run.cpuSeconds.toFixed(2)} s (system ${run.systemSeconds.toFixed(2)}), ${run.peakMib.toFixed(0)} MiB, server cpu ${run.serverCpuSeconds.toFixed(2)} s\n`,
  )
}

for (let round = 0; round < rounds; round += 1) {
  const order = roundOrder(tools, round)
  const workspace = freshWorkspace('bench-transfers')
  let uploaded
  for (const tool of order) {
    const run = uploadRun(tool, workspace)
    await completeArtifact(run.artifactId, tool)
    if (lines.includes('upload')) record('upload', tool, run)
    uploaded ??= run.artifactId
  }
  const artifact = await artifactOf(uploaded)
  if (lines.includes('download'))
    for (const tool of order) record('download', tool, downloadRun(tool, artifact, workspace, false))
  if (lines.includes('tarball')) {
    // One archive: curl has no parallel form of it.
    const archiveOrder = order.filter((tool) => tool !== 'curl-parallel')
    const small = await completeArtifact(uploadRun('curl', workspace, tarballMib).artifactId, 'curl')
    for (const tool of archiveOrder) record('tarball', tool, downloadRun(tool, small, workspace, true))
    // The same for 4 KiB: what is left is each tool's fixed cost (for our CLI, its start-up
    // and its GET of the artifact, which curl, handed the archive's URL, does not pay).
    const tiny = await completeArtifact(uploadRun('curl', workspace, 4 / 1024).artifactId, 'curl')
    for (const tool of archiveOrder) record('tarball-fixed', tool, downloadRun(tool, tiny, workspace, true))
  }
}

const sizeOf = {
  upload: `${sizeMib} MiB`,
  download: `${sizeMib} MiB`,
  tarball: `${tarballMib} MiB`,
  'tarball-fixed': '4 KiB',
}
const smallFiles = (sizeMib * 1024) / fileCount < 1024
const files = smallFiles ? `${fileCount} files of ${(sizeMib * 1024) / fileCount} KiB` : `${sizeMib} MiB in ${fileCount} files`
// Each line as the table of latest figures names it, with its limit (issue 11's against curl one
// file after another, issue 53's against curl in parallel) and its reference.
const parallelLimit = !smallFiles ? '≤ 1.1×' : fileCount >= 10_000 ? '≤ 1.3×' : '≤ 1.2×'
const lineOf = {
  upload: [`upload ${files}`, smallFiles ? '—' : '≤ 1.05×', 'curl + openssl'],
  download: [`download ${files}, verified`, smallFiles ? '—' : '≤ 1.1×', 'curl + openssl'],
  tarball: [`.tar.gz of ${tarballMib} MiB`, '≤ 1.02×', 'curl'],
  'tarball-fixed': [".tar.gz of 4 KiB: each tool's fixed cost", '—', 'curl'],
}
const recorded = []
/** The figure `key` of our runs and of curl's, round by round, for comparedLine. */
const figuresOf = (ours, theirs, key) => ({
  ours: ours.map((run) => run[key]),
  theirs: theirs.map((run) => run[key]),
})

for (const [line, byTool] of Object.entries(results)) {
  const [name, limit, reference] = lineOf[line]
  const [ours, theirs] = [byTool.ours, byTool.curl]
  const bench = 'transfers.mjs'
  recorded.push(comparedLine({ line: name, bench, limit, reference, ...figuresOf(ours, theirs, 'seconds') }))
  if (byTool['curl-parallel'] !== undefined && !line.startsWith('tarball')) {
    const parallel = figuresOf(ours, byTool['curl-parallel'], 'seconds')
    const reference = 'curl --parallel + openssl'
    recorded.push(comparedLine({ line: `${name}, parallel`, bench, limit: parallelLimit, reference, ...parallel }))
  }
  if (line === 'upload') {
    const serverCpu = figuresOf(ours, theirs, 'serverCpuSeconds')
    recorded.push(
      comparedLine({ line: `${name}, server CPU`, bench, limit: '≤ 1.00×', reference, ...serverCpu }),
    )
  }
  const ref = median(byTool.curl.map((run) => run.seconds))
  const refServer = median(byTool.curl.map((run) => run.serverCpuSeconds))
  console.log(`\n${line} (${sizeOf[line]} in ${fileCount} files), median of ${rounds} interleaved rounds`)
  const header = [
    'tool',
    'wall s',
    'cpu s',
    'peak RSS MiB',
    'server cpu s',
    '× reference wall',
    '× reference server cpu',
    'median of per-round × wall',
  ]
  console.log(`| ${header.join(' | ')} |\n|${header.map(() => '---').join('|')}|`)
  for (const [tool, runs] of Object.entries(byTool)) {
    const perRound = median(roundRatios(runs, byTool.curl))
    const wall = median(runs.map((run) => run.seconds))
    const server = median(runs.map((run) => run.serverCpuSeconds))
    const spread =
      runs.length > 1
        ? ` (${Math.min(...runs.map((run) => run.seconds)).toFixed(1)}-${Math.max(...runs.map((run) => run.seconds)).toFixed(1)})`
        : ''
    console.log(
      `| ${tool} | ${wall.toFixed(2)}${spread} | ${median(runs.map((run) => run.cpuSeconds)).toFixed(2)} | ${median(runs.map((run) => run.peakMib)).toFixed(0)} | ${server.toFixed(2)} | ${(wall / ref).toFixed(3)} | ${(server / refServer).toFixed(2)} | ${perRound.toFixed(3)} |`,
    )
  }
  if (baseline !== undefined) {
    const ab = roundRatios(byTool.ours, byTool.baseline)
    console.log(
      `ours / baseline, per round: ${median(ab).toFixed(3)} (${Math.min(...ab).toFixed(3)}-${Math.max(...ab).toFixed(3)})`,
    )
  }
}

/** One file up and down again through the library in a process of its own: its peak RSS (MiB). */
function libraryRun(path, keepMemoryFlat) {
  const workspace = freshWorkspace('bench-flat')
  const directory = mkdtempSync(join(scratch, 'out-'))
  const script = join(repository, 'tooling/bench/lib/library-transfer.mjs')
  const args = [script, ...(keepMemoryFlat ? ['--keep-memory-flat'] : []), apiUrl, token, scope, workspace]
  const run = timed(process.execPath, [...args, path, directory])
  rmSync(directory, { recursive: true, force: true })
  return run.peakMib
}

/**
 * Flat memory as lines of the result file: each peak RSS of the largest size against the same
 * of the smallest (issue 11's line: at most 100 MiB, and the same whatever the size).
 */
function flatLines(peaks) {
  if (peaks.length < 2) return []
  const [small, big] = [peaks[0], peaks.at(-1)].toSorted((a, b) => a.mib - b.mib)
  const flat = '≤ 100 MiB, flat'
  const whats = [
    ['CLI upload', flat],
    ['CLI download', flat],
    ['library up + down', flat, ', keepMemoryFlat()'],
    ['library up + down', '—', ", Node's defaults"],
  ]
  return whats.map(([what, limit, how = ''], at) =>
    comparedLine({
      line: `peak RSS, ${what} of ${big.mib} MiB${how}`,
      bench: 'transfers.mjs',
      limit,
      reference: `the same of ${small.mib} MiB`,
      ours: [big.peaks[at]],
      theirs: [small.peaks[at]],
      unit: 'MiB',
    }),
  )
}

if (flat !== '') {
  console.log('\nflat memory: peak RSS (MiB) for one file of each size')
  console.log(
    '| size MiB | CLI upload | CLI download | library up + down, Node defaults | library up + down, keepMemoryFlat |',
  )
  console.log('|---|---|---|---|---|')
  const peaks = []
  for (const mib of flat.split(',').map(Number)) {
    const workspace = freshWorkspace('bench-flat')
    const files = randomFiles(mib, 1)
    const up = cliUpload(cli, workspace, files)
    const artifact = await artifactOf(artifactIdIn(up.stdout))
    const down = downloadRun('ours', artifact, workspace, false)
    const library = [libraryRun(files[0], false), libraryRun(files[0], true)]
    rmSync(join(files[0], '..'), { recursive: true, force: true })
    console.log(
      `| ${mib} | ${up.peakMib.toFixed(0)} | ${down.peakMib.toFixed(0)} | ${library[0].toFixed(0)} | ${library[1].toFixed(0)} |`,
    )
    peaks.push({ mib, peaks: [up.peakMib, down.peakMib, library[1], library[0]] })
  }
  recorded.push(...flatLines(peaks))
}
rmSync(scratch, { recursive: true, force: true })
freeServerStore()
if (baseline === undefined) recordResults(recorded)
