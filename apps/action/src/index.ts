/**
 * The entry of the bundled action (`dist/index.js`): the runner starts it with `node`, with
 * the inputs in `INPUT_*` variables.
 */
import { runAction } from './run.js'
import { annotateError, processRunner } from './runner.js'

const runner = processRunner()
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
