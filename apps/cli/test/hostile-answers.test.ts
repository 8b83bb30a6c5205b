/**
 * The built CLI against a hostile loopback server: `artifact show` of an answer that never
 * ends gives up, exits non-zero with one clear line and stays small — cut at the 32 MiB
 * limit when the body streams as fast as it is read, at `http-timeout` when it trickles.
 * Its time to give up and peak memory are printed.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { endlessJson, startHostileServer, type HostileServer } from '../../../tooling/hostile-server/index.js'
import { builtBin } from './support/built-cli.js'

let server: HostileServer | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

function configFor(apiUrl: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'debusine-ts-cli-hostile-')), 'config.ini')
  const lines = ['[General]', 'default-server = hostile', '', '[server:hostile]', `api-url = ${apiUrl}`]
  writeFileSync(
    path,
    [...lines, 'scope = debian', 'token = hostile-cli-token-0123456789', 'http-timeout = 3', ''].join('\n'),
    {
      mode: 0o600,
    },
  )
  return path
}

interface MeasuredRun {
  code: number | null
  stderr: string
  stdout: string
  ms: number
  peakMiB: number
}

/** Run the built CLI, reading its peak resident memory (VmHWM) as it runs; killed after `deadlineMs`. */
function runMeasured(argv: string[], deadlineMs: number): Promise<MeasuredRun> {
  const started = performance.now()
  const child = spawn(process.execPath, [builtBin, ...argv], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  let peakKiB = 0
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const sampler = setInterval(() => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
      peakKiB = Math.max(peakKiB, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0))
    } catch {
      // The process has just ended.
    }
  }, 10)
  const killer = setTimeout(() => child.kill('SIGKILL'), deadlineMs)
  return new Promise((resolve) => {
    child.on('close', (code) => {
      clearInterval(sampler)
      clearTimeout(killer)
      resolve({ code, stdout, stderr, ms: performance.now() - started, peakMiB: peakKiB / 1024 })
    })
  })
}

describe('the built CLI against an answer that never ends', () => {
  it.each([
    ['streams as fast as it is read', endlessJson(), /32 MiB/],
    ['trickles forever', endlessJson(1024, 20), /within 3000 ms/],
  ])('gives up when it %s, with a clear message and little memory', async (name, answer, message) => {
    server = await startHostileServer({ 'GET /api/1.0/artifact/1/': answer })
    const config = configFor(server.apiUrl)
    const run = await runMeasured(['--config-file', config, 'artifact', 'show', '1'], 60_000)
    process.stdout.write(
      `[cli hostile] ${name}: exit ${run.code} after ${Math.round(run.ms)} ms, peak RSS ${run.peakMiB.toFixed(0)} MiB; ${run.stderr.trim()}\n`,
    )
    expect(run.code, run.stderr).not.toBe(0)
    expect(run.code).not.toBeNull()
    expect(run.stderr).toMatch(message)
    expect(run.stderr).toContain(`${server.apiUrl}/1.0/artifact/1/`)
    expect(run.stderr).not.toContain('hostile-cli-token')
    expect(run.stdout).toBe('')
    // Generous on a busy machine: three attempts of 3 s and their backoff, or one cut short.
    expect(run.ms).toBeLessThan(45_000)
    expect(run.peakMiB).toBeLessThan(512)
  })
})
