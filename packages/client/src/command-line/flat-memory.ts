import { setFlagsFromString } from 'node:v8'

/**
 * Keep a program's peak memory the same whatever the size of its work, by keeping three of
 * V8's own growths out of the process (measured with the CLI on Node 24, 64 MiB against
 * 2 GiB transfers, tooling/bench/README.md):
 *
 * - WebAssembly stays on the baseline compiler: Node's `fetch` (undici) compiles its HTTP
 *   parser to WebAssembly at the first request, and the optimizing tier for it peaks at about
 *   30 MiB of compiler memory (`work-request list` 108 → 87 MiB on Node 24).
 * - The young generation keeps its first size: V8 grows it (up to 3 × 16 MiB) while objects
 *   survive, which a long transfer's steady trickle of buffers and promises does, so the
 *   peak went up with the size (+5 to 10 MiB at 2 GiB).
 * - JavaScript stops at V8's mid tier (Maglev on Node 22 and later): the top tier's compiler
 *   touches another ~5 MiB of Node's own code once a long run makes functions hot.
 *
 * Transfers run at the same speed: they are bound by the wire and the disk, not by
 * JavaScript. For programs only: it changes V8 for the whole process, so a library must leave
 * this choice to its host. Call it at start-up, before the first request (the CLI calls it
 * once this kit is loaded, the daemon as its first statement).
 */
export function keepMemoryFlat(): void {
  setFlagsFromString('--no-wasm-tier-up')
  setFlagsFromString('--no-wasm-dynamic-tiering')
  setFlagsFromString('--semi-space-growth-factor=1')
  setFlagsFromString('--no-turbofan')
}
