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
  const controller = new AbortController()
  // Long-running commands stop cleanly on SIGINT/SIGTERM; a second signal kills at once.
  const stop = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(128 + (signal === 'SIGINT' ? 2 : 15))
    controller.abort()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  const { keepMemoryFlat, processIo } = await import('@debusine-ts/cli-kit')
  keepMemoryFlat()
  const { main } = await import('./main.js')
  process.exitCode = await main(argv, processIo(controller.signal))
  process.off('SIGINT', stop)
  process.off('SIGTERM', stop)
}
