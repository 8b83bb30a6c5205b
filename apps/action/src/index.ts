/**
 * The entry of the bundled action (`dist/index.js`): the runner starts it with `node`, with
 * the inputs in `INPUT_*` variables.
 */
import { runAction } from './run.js'
import { annotateError, processRunner } from './runner.js'

const runner = processRunner()
// A cancelled job gets SIGINT, then SIGTERM: the step must not look successful, and says
// that what it already made stays on the server. Exits at once: each call the action makes
// is safe to abandon (the server keeps what it answered, and a rerun starts afresh).
const stop = (signal: NodeJS.Signals): void => {
  annotateError(
    runner,
    `Interrupted by ${signal} before the action completed: the artifacts it uploaded and the work request it started (named in the log above, if any) stay on the server; the work request goes on there.`,
    'Debusine: interrupted',
  )
  process.exit(signal === 'SIGINT' ? 130 : 143)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
try {
  process.exitCode = await runAction(runner)
} catch (error) {
  annotateError(
    runner,
    error instanceof Error ? (error.stack ?? error.message) : String(error),
    'debusine-ts action',
  )
  process.exitCode = 4
}
