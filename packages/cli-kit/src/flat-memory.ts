import { setFlagsFromString } from 'node:v8'

/**
 * Node's built-ins a client program loads anyway, loaded before V8's flags change: V8 checks
 * Node's embedded code cache against its flags and compiles from source every built-in
 * loaded after a change, which every command would pay at start-up. Reading the global
 * `Headers` loads Node's fetch (undici,
 * with the web streams and its own share of built-ins; `fetch` itself loads it at its first
 * call).
 */
const BUILT_INS_LOADED_FIRST = [
  'node:crypto',
  'node:tls',
  'node:zlib',
  'node:http',
  'node:worker_threads',
  'node:util',
]

/**
 * Keep a program's peak memory the same whatever the size of its work, by keeping four of
 * V8's own growths and one of the allocator's out of the process:
 *
 * - WebAssembly stays on the baseline compiler: Node's `fetch` (undici) compiles its HTTP
 *   parser to WebAssembly at the first request, and the optimizing tier for it peaks at tens
 *   of MiB of compiler memory.
 * - The young generation keeps its first size: V8 grows it (up to 3 × 16 MiB) while objects
 *   survive, which a long transfer's steady trickle of buffers and promises does, so the
 *   peak went up with the size of the transfer.
 * - JavaScript stops at V8's mid tier (Maglev, on by default from V8 12, Node 22): the top
 *   tier's compiler touches more of Node's own code once a long run makes functions hot.
 *   Node 20's V8 has no mid tier on by default, so there the top tier stays: without it a
 *   long list's YAML would run on the baseline compiler, markedly slower.
 * - Dead socket buffers do not pile up: V8 schedules a young-generation GC once 80 % of the
 *   young generation is used, yet a read buffer lives outside the heap behind a small
 *   wrapper, so tens of MiB of dead buffers (and the allocator's memory behind them) waited
 *   for each GC; scheduled at 10 %, far fewer wait.
 * - The allocator keeps the memory those buffers free for the next reads, where glibc gave it
 *   back to the kernel at each GC and faulted it in again.
 *
 * Transfers run at the same speed: they are bound by the wire and the disk, not by
 * JavaScript. For programs only: it changes V8 for the whole process, so a library must leave
 * this choice to its host. Call it at start-up, before the first request (the CLI calls it
 * once this kit is loaded, the daemon as its first statement). It first loads the built-ins
 * the client uses, so that changing V8's flags does not cost their compilation.
 */
export function keepMemoryFlat(): void {
  void globalThis.Headers
  for (const name of BUILT_INS_LOADED_FIRST) process.getBuiltinModule(name)
  setFlagsFromString('--no-wasm-tier-up')
  setFlagsFromString('--no-wasm-dynamic-tiering')
  setFlagsFromString('--semi-space-growth-factor=1')
  if (hasMidTier()) setFlagsFromString('--no-turbofan')
  setFlagsFromString('--minor-gc-task-trigger=10')
  keepFreedHeapMemory()
}

/** A block that glibc serves with its own mapping, and no larger than its threshold can follow. */
const LARGE_BLOCK = 16 * 1024 * 1024

/**
 * Have glibc keep the memory that a transfer's dead read buffers free. Each socket read takes
 * a new 64 KiB buffer from malloc and a young-generation GC frees hundreds of them at once;
 * glibc gives the heap's free top back to the kernel past its trim threshold (128 KiB), so
 * the next reads fault the same pages in again and copy into cold memory: a download spent
 * as much CPU there as on everything else. glibc raises the threshold to twice the size of
 * the last large block (served by its own mapping, up to 32 MiB) freed: this block, dropped
 * at once and freed by the first GC, raises it to 32 MiB: the heap may then keep up to that
 * much freed memory for reuse. The block itself, never touched, costs neither memory nor
 * time; with another allocator it is one allocation freed.
 */
function keepFreedHeapMemory(): void {
  Buffer.allocUnsafeSlow(LARGE_BLOCK)
}

/** Whether this V8 runs its mid tier (Maglev) by default: from V8 12 (Node 22) on. */
function hasMidTier(): boolean {
  return Number(process.versions.v8.split('.')[0]) >= 12
}
