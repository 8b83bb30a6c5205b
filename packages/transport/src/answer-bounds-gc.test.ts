/**
 * The timeout holds under garbage collection: a child Node process with `--expose-gc` forces
 * a collection every few milliseconds while its requests stall or read an endless body, and
 * each request still ends with `TimeoutError` at its 1 s timeout. (ky hands fetch a `Request`
 * whose signal followed ours only through that Request; once collected, the timeout never
 * reached the connection and an endless body was read until memory ran out.)
 */
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { afterEach, expect, it } from 'vitest'
import {
  endlessJson,
  stallAfterHeaders,
  stallBeforeHeaders,
  startHostileServer,
  type HostileServer,
} from '../../../tooling/hostile-server/index.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
let server: HostileServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

/** The child script bundled from the sources (no build needed), as one ES module. */
async function bundledChild(): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'debusine-ts-gc-')), 'child.mjs')
  await build({
    entryPoints: [fileURLToPath(new URL('../test/support/stalled-reads-under-gc.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'silent',
    alias: { '@debusine-ts/models': `${root}packages/models/src/index.ts` },
    // undici and ky are CommonJS and ES modules alike: bundled, they need `require`.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  })
  return outfile
}

interface ChildRead {
  route: string
  path: string
  outcome: string
  ms: number
  peakMiB: number
}

/** Run the child against `apiUrl`; it is killed after `deadlineMs` (a lost timeout never ends). */
function runChild(script: string, apiUrl: string, paths: string[], deadlineMs: number): Promise<ChildRead[]> {
  const child = spawn(process.execPath, ['--expose-gc', script, apiUrl, paths.join(',')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const killer = setTimeout(() => child.kill('SIGKILL'), deadlineMs)
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearTimeout(killer)
      if (code !== 0) process.stderr.write(`[answer bounds, gc] child exited ${code}: ${stderr}\n`)
      resolve(
        stdout
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => JSON.parse(line) as ChildRead),
      )
    })
  })
}

it(
  'ends every stalled or endless read at its timeout while collections are forced',
  { timeout: 120_000 },
  async () => {
    server = await startHostileServer({
      'GET /api/1.0/artifact/1/': endlessJson(),
      'GET /api/1.0/artifact/2/': stallAfterHeaders(),
      'GET /api/1.0/artifact/3/': stallBeforeHeaders(),
      'GET /api/1.0/artifact/4/': endlessJson(1024, 20),
    })
    const paths = ['/artifact/1/', '/artifact/2/', '/artifact/3/', '/artifact/4/']
    const reads = await runChild(await bundledChild(), server.apiUrl, paths, 90_000)
    for (const read of reads) {
      process.stdout.write(
        `[answer bounds, gc] ${read.route} ${read.path}: ${read.outcome} after ${read.ms} ms, peak RSS ${read.peakMiB} MiB\n`,
      )
    }
    expect(reads.map(({ route, path, outcome }) => ({ route, path, outcome }))).toEqual(
      ['fetch', 'network'].flatMap((route) =>
        paths.map((path) => ({ route, path, outcome: 'TimeoutError' })),
      ),
    )
    // Generous on a busy machine: a lost timeout never ends at all.
    for (const read of reads) expect(read.ms).toBeLessThan(15_000)
  },
)
