#!/usr/bin/env node
import { readFileSync } from 'node:fs'
import { parseArguments } from './arguments.js'
import { runDaemon } from './daemon.js'
import { exitCodes } from '@debusine-ts/cli-kit'
import { keepMemoryFlat } from '@debusine-ts/cli-kit/flat-memory'

keepMemoryFlat()

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

// The process owns the controller: the first SIGINT/SIGTERM starts a graceful shutdown
// (running commands get the grace period), a second one or the end of the grace
// period and --kill-after plus a margin forces the exit.
const controller = new AbortController()
let forcedAfterMs = 40_000
try {
  const parsed = parseArguments(process.argv.slice(2))
  forcedAfterMs = (parsed.gracePeriodSeconds + parsed.killAfterSeconds) * 1000 + 5_000
} catch {
  // runDaemon reports the bad command line.
}
const force = (reason: string): void => {
  process.stderr.write(
    `${JSON.stringify({ time: new Date().toISOString(), level: 'error', message: `Forced exit: ${reason}`, exitCode: exitCodes.unexpected })}\n`,
  )
  process.exit(exitCodes.unexpected)
}
const onSignal = (signal: NodeJS.Signals): void => {
  if (controller.signal.aborted) {
    force(`second ${signal}`)
    return
  }
  controller.abort(new Error(`received ${signal}`))
  const timer = setTimeout(() => force('the shutdown took longer than the grace period'), forcedAfterMs)
  timer.unref()
}
process.on('SIGINT', onSignal)
process.on('SIGTERM', onSignal)
// SIGHUP reloads the configuration; running commands go on.
const onReload = (listener: () => void): (() => void) => {
  process.on('SIGHUP', listener)
  return () => process.off('SIGHUP', listener)
}
process.on('SIGHUP', () => {})

process.exitCode = await runDaemon({
  argv: process.argv.slice(2),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
  onReload,
  version: manifest.version,
})
