import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { transformSync } from 'esbuild'
import { describe, expect, it } from 'vitest'

// V8's compiler memory at its peak in a fresh Node process that makes 20 fetch requests to a
// loopback server, with and without the function first (its own source, compiled to JS).
function peakCompilerMiB(keepBaseline: boolean): number {
  const source = readFileSync(new URL('./lean-web-assembly.ts', import.meta.url), 'utf8')
  const { code } = transformSync(source, { loader: 'ts', format: 'esm' })
  const script = `${code}
import v8 from 'node:v8'
import http from 'node:http'
${keepBaseline ? 'keepWebAssemblyOnBaselineCompiler()' : ''}
const server = http.createServer((request, response) => response.end('ok')).listen(0, async () => {
  for (let i = 0; i < 20; i++) await (await fetch('http://127.0.0.1:' + server.address().port)).text()
  console.log(v8.getHeapStatistics().peak_malloced_memory / 1048576)
  server.close()
})`
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })
  expect(child.status, child.stderr).toBe(0)
  return Number(child.stdout.trim())
}

describe('keepWebAssemblyOnBaselineCompiler', () => {
  it("spares the optimizing compiler's memory for fetch's WebAssembly HTTP parser", () => {
    const baseline = peakCompilerMiB(true)
    const optimized = peakCompilerMiB(false)
    expect(baseline).toBeLessThan(8)
    expect(optimized - baseline).toBeGreaterThan(10)
  })
})
