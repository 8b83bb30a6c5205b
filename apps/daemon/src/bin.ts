#!/usr/bin/env node
import { readFileSync } from 'node:fs'

// The daemon arrives with the events issue; until then the binary knows only its version.
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}
if (process.argv[2] === '--version') {
  process.stdout.write(`${manifest.version}\n`)
} else {
  process.stderr.write('debusine-ts-daemon: no commands yet; this build knows only --version\n')
  process.exitCode = 2
}
