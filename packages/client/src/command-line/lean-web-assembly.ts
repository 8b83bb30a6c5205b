import { setFlagsFromString } from 'node:v8'

/**
 * Keep WebAssembly on V8's baseline compiler for the rest of the process. Node's `fetch`
 * (undici) compiles its HTTP parser to WebAssembly at the first request, and V8's optimizing
 * tier for it peaks at about 30 MiB of compiler memory: a third of a short command's peak RSS
 * (measured: `work-request list` 104 → 74 MiB on Node 20, 108 → 87 MiB on Node 24; file
 * downloads as fast). For programs only: it changes V8 for the whole process, so a library
 * must leave this choice to its host. Call it before the first request.
 */
export function keepWebAssemblyOnBaselineCompiler(): void {
  setFlagsFromString('--no-wasm-tier-up')
  setFlagsFromString('--no-wasm-dynamic-tiering')
}
