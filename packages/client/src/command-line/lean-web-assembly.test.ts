import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { transformSync } from 'esbuild'
import { describe, expect, it } from 'vitest'

/** V8's peak compiler memory (MiB) in a fresh Node process, and how many fetches it made. */
interface Run {
  peak: number
  fetches: number
}

// A fresh Node process in which V8 optimizes every WebAssembly function at once rather than
// the hot ones later (`--no-wasm-dynamic-tiering`: the same compiler work, but at a known
// time) fetches from a loopback server until its compiler memory peaks over `stopAboveMiB` or
// `maxFetches` requests were made, with or without the function first (its own source).
function compilerPeak(keepBaseline: boolean, stopAboveMiB: number, maxFetches: number): Run {
  const source = readFileSync(new URL('./lean-web-assembly.ts', import.meta.url), 'utf8')
  const { code } = transformSync(source, { loader: 'ts', format: 'esm' })
  const script = `${code}
import v8 from 'node:v8'
import http from 'node:http'
${keepBaseline ? 'keepWebAssemblyOnBaselineCompiler()' : ''}
const peak = () => v8.getHeapStatistics().peak_malloced_memory / 1048576
const server = http.createServer((request, response) => response.end('ok')).listen(0, async () => {
  let fetches = 0
  for (; fetches < ${maxFetches} && peak() < ${stopAboveMiB}; fetches++) {
    await (await fetch('http://127.0.0.1:' + server.address().port)).text()
  }
  console.log(JSON.stringify({ peak: peak(), fetches }))
  server.close()
})`
  const argv = ['--no-wasm-dynamic-tiering', '--input-type=module', '-e', script]
  const child = spawnSync(process.execPath, argv, { encoding: 'utf8' })
  expect(child.status, child.stderr).toBe(0)
  return JSON.parse(child.stdout) as Run
}

describe('keepWebAssemblyOnBaselineCompiler', () => {
  it("spares the optimizing compiler's memory for fetch's WebAssembly HTTP parser", () => {
    // Without it the optimizing compiler's work on the parser shows (9 MiB by the 20th fetch
    // on an idle machine, 30 MiB once done); with it, 20 fetches stay at start-up's level.
    expect(compilerPeak(false, 8, 200).peak).toBeGreaterThanOrEqual(8)
    const baseline = compilerPeak(true, Infinity, 20)
    expect(baseline.fetches).toBe(20)
    expect(baseline.peak).toBeLessThan(4)
  })
})
