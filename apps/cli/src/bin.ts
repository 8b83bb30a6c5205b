#!/usr/bin/env node
// Start-up stays fast: `--version` reads package.json and nothing else; everything else is
// loaded on demand (the command table, then the one handler the command needs).
import { readFileSync } from 'node:fs'
import module from 'node:module'

const argv = process.argv.slice(2)
if (argv.length === 1 && argv[0] === '--version') {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  process.stdout.write(`debusine-ts ${manifest.version}\n`)
} else {
  // Node >= 22.1 keeps the compiled code of our chunks on disk (in the system's temporary
  // directory, or NODE_COMPILE_CACHE), so that a call does not compile them again; a no-op
  // where Node has no compile cache (Node 20), and when NODE_DISABLE_COMPILE_CACHE is set.
  ;(module as { enableCompileCache?: () => unknown }).enableCompileCache?.()
  // A signal while the kit loads is kept, then handled as any other.
  const early: NodeJS.Signals[] = []
  const keep = (signal: NodeJS.Signals): void => void early.push(signal)
  process.on('SIGINT', keep)
  process.on('SIGTERM', keep)
  const { keepMemoryFlat, processIo, watchProcessSignals } = await import('@debusine-ts/cli-kit')
  // SIGINT/SIGTERM abort the operation, which stops at a safe point and says what it left
  // (exit 130/143); a second signal, or a stop that takes too long, exits at once.
  const interrupts = watchProcessSignals({ stderr: process.stderr, programName: 'debusine-ts' })
  process.off('SIGINT', keep)
  process.off('SIGTERM', keep)
  for (const signal of early) process.emit(signal, signal)
  keepMemoryFlat()
  const { main } = await import('./main.js')
  // The handlers stay until the process ends: a signal while it exits must not kill it,
  // which would turn a completed run's exit code into 128 + the signal's number.
  process.exitCode = await main(argv, processIo(interrupts))
}
