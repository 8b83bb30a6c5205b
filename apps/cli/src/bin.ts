#!/usr/bin/env node
// Start-up stays fast: `--version` reads package.json and nothing else; everything else is
// loaded on demand (the command table, then the one handler the command needs).
import { readFileSync } from 'node:fs'

const argv = process.argv.slice(2)
if (argv.length === 1 && argv[0] === '--version') {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string
  }
  process.stdout.write(`debusine-ts ${manifest.version}\n`)
} else {
  const controller = new AbortController()
  // Long-running commands stop cleanly on SIGINT/SIGTERM; a second signal kills at once.
  const stop = (signal: NodeJS.Signals): void => {
    if (controller.signal.aborted) process.exit(128 + (signal === 'SIGINT' ? 2 : 15))
    controller.abort()
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  const { keepMemoryFlat } = await import('@debusine-ts/client/command-line')
  keepMemoryFlat()
  const { main } = await import('./main.js')
  const { processIo } = await import('@debusine-ts/client/command-line')
  process.exitCode = await main(argv, processIo(controller.signal))
  process.off('SIGINT', stop)
  process.off('SIGTERM', stop)
}
