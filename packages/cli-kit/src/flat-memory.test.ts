import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { transformSync } from 'esbuild'
import { describe, expect, it } from 'vitest'

/**
 * Run `body` (an ES module's code, printing one JSON line) in a fresh Node process with
 * `nodeFlags`, after calling `keepMemoryFlat` (its own source) when `keep` is true.
 */
function inFreshProcess<T>(keep: boolean, body: string, nodeFlags: string[] = []): T {
  const source = readFileSync(new URL('./flat-memory.ts', import.meta.url), 'utf8')
  const { code } = transformSync(source, { loader: 'ts', format: 'esm' })
  const script = `${code}\n${keep ? 'keepMemoryFlat()' : ''}\n${body}`
  const child = spawnSync(process.execPath, [...nodeFlags, '--input-type=module', '-e', script], {
    encoding: 'utf8',
  })
  expect(child.status, child.stderr).toBe(0)
  return JSON.parse(child.stdout) as T
}

/** V8's peak compiler memory (MiB) and how many fetches were made. */
interface CompilerRun {
  peak: number
  fetches: number
}

// Fetches from a loopback server until V8's compiler memory peaks over `stopAboveMiB` or
// `maxFetches` requests were made. `--no-wasm-dynamic-tiering` makes V8 optimize every
// WebAssembly function at once rather than the hot ones later: the same work, at a known time.
function compilerPeak(keep: boolean, stopAboveMiB: number, maxFetches: number): CompilerRun {
  const body = `
import v8 from 'node:v8'
import http from 'node:http'
const peak = () => v8.getHeapStatistics().peak_malloced_memory / 1048576
const server = http.createServer((request, response) => response.end('ok')).listen(0, async () => {
  let fetches = 0
  for (; fetches < ${maxFetches} && peak() < ${stopAboveMiB}; fetches++) {
    await (await fetch('http://127.0.0.1:' + server.address().port)).text()
  }
  console.log(JSON.stringify({ peak: peak(), fetches }))
  server.close()
})`
  return inFreshProcess(keep, body, ['--no-wasm-dynamic-tiering'])
}

// A rolling window of 20,000 live objects while 400,000 are allocated: the steady survival
// of a long transfer. Returns the young generation's size (MiB) before and after.
const survivingAllocations = `
import v8 from 'node:v8'
const youngMiB = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size / 1048576
const before = youngMiB()
const window = new Array(20000)
for (let index = 0; index < 400000; index++) window[index % 20000] = { index, payload: new Array(8).fill(index) }
console.log(JSON.stringify({ before, after: youngMiB() }))`

// A hot function, compiled synchronously; returns whether V8's top tier (TurboFan) compiled it.
const hotFunction = `
function hot(value) { return value * 2 + 1 }
let sum = 0
for (let index = 0; index < 5e6; index++) sum += hot(index)
const turboFanned = 1 << 6 // V8's OptimizationStatus bit, the same on Node 20 to 24
console.log(JSON.stringify({ sum, topTier: (eval('%GetOptimizationStatus(hot)') & turboFanned) !== 0 }))`

// MiB read from a loopback socket as undici reads one (`read()` while readable), each block
// dropped at once: the peak (MiB) of buffer memory, alive or dead, from the first GC on (which
// frees the never-touched block keepMemoryFlat leaves for the allocator), and the page faults
// taken meanwhile.
const socketReads = (mebibytes: number): string => `
import net from 'node:net'
import { PerformanceObserver } from 'node:perf_hooks'
let collected = false
new PerformanceObserver(() => (collected = true)).observe({ entryTypes: ['gc'] })
const block = Buffer.alloc(1 << 20, 1)
const server = net.createServer((socket) => {
  let sent = 0
  const pump = () => {
    while (sent < ${mebibytes}) {
      sent++
      if (!socket.write(block)) return socket.once('drain', pump)
    }
    socket.end()
  }
  pump()
}).listen(0, () => {
  let peak = 0
  const faultsBefore = process.resourceUsage().minorPageFault
  const socket = net.connect(server.address().port)
  socket.on('readable', () => {
    while (socket.read() !== null) if (collected) peak = Math.max(peak, process.memoryUsage().arrayBuffers)
  })
  socket.on('end', () => {
    const faults = process.resourceUsage().minorPageFault - faultsBefore
    console.log(JSON.stringify({ peak: peak / 1048576, faults }))
    server.close()
  })
})`

/** What {@link socketReads} prints. */
interface SocketReads {
  peak: number
  faults: number
}

describe('keepMemoryFlat', () => {
  it("spares the optimizing compiler's memory for fetch's WebAssembly HTTP parser", () => {
    // Without it the optimizing compiler's work on the parser shows (9 MiB by the 20th fetch
    // on an idle machine, 30 MiB once done); with it, 20 fetches stay at start-up's level.
    expect(compilerPeak(false, 8, 200).peak).toBeGreaterThanOrEqual(8)
    const baseline = compilerPeak(true, Infinity, 20)
    expect(baseline.fetches).toBe(20)
    expect(baseline.peak).toBeLessThan(4)
  })

  it('keeps the young generation at its first size while objects keep surviving', () => {
    const grown = inFreshProcess<{ before: number; after: number }>(false, survivingAllocations)
    expect(grown.after).toBeGreaterThanOrEqual(grown.before * 4)
    const flat = inFreshProcess<{ before: number; after: number }>(true, survivingAllocations)
    expect(flat.after).toBeLessThanOrEqual(flat.before * 2)
  })

  it("loads the built-ins a client uses before it changes V8's flags", () => {
    // Built-ins loaded after a flag change are compiled from source (V8 refuses the code cache).
    const loaded = `console.log(JSON.stringify(['NativeModule internal/deps/undici/undici', 'NativeModule tls']
      .map((name) => process.moduleLoadList.includes(name))))`
    expect(inFreshProcess<boolean[]>(false, loaded)).toEqual([false, false])
    expect(inFreshProcess<boolean[]>(true, loaded)).toEqual([true, true])
  })

  it("frees a socket's dead read buffers well before tens of MiB have piled up", () => {
    // By V8's own schedule 33 to 45 MiB pile up under Node 20, 59 MiB under Node 24, and 26 to
    // 32 MiB under Node 24 on a machine busy with other work; with it, 6 to 23 MiB.
    const piled = inFreshProcess<SocketReads>(false, socketReads(256)).peak
    expect(piled).toBeGreaterThanOrEqual(20)
    expect(inFreshProcess<SocketReads>(true, socketReads(256)).peak).toBeLessThanOrEqual(piled * 0.75)
  })

  it('keeps the memory freed read buffers leave for the next reads, rather than fault it in again', () => {
    // 512 MiB are 131,072 pages. Without the allocator's threshold raised, 7,000 to 61,000
    // faults (glibc trims the heap at GCs' frees, so often); with it, 2,700 to 6,300.
    const pages = 512 * 256
    expect(inFreshProcess<SocketReads>(true, socketReads(512)).faults).toBeLessThan(pages * 0.1)
  })

  it("keeps hot JavaScript off V8's top tier where V8 has a mid tier", () => {
    const flags = ['--allow-natives-syntax', '--no-concurrent-recompilation']
    expect(inFreshProcess<{ topTier: boolean }>(false, hotFunction, flags).topTier).toBe(true)
    // Node 20's V8 (11) has no mid tier on by default: the top tier stays, for speed.
    const v8Major = Number(process.versions.v8.split('.')[0])
    expect(inFreshProcess<{ topTier: boolean }>(true, hotFunction, flags).topTier).toBe(v8Major < 12)
  })
})
