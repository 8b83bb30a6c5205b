import { UsageError } from './usage-error.js'

/**
 * `value` if it is one of `choices` (typed as such), else the usage error argparse gives
 * for a bad choice (exit 2), before anything reaches the server. For choices that live in
 * the models package, which the command table does not load at start-up.
 *
 * @throws {UsageError} when `value` is not a choice
 */
export function choiceOf<Choice extends string>(
  value: string,
  choices: readonly Choice[],
  label: string,
  path: readonly string[],
): Choice {
  const found = choices.find((choice) => choice === value)
  if (found === undefined) {
    const list = choices.map((choice) => `'${choice}'`).join(', ')
    throw new UsageError(`argument ${label}: invalid choice: '${value}' (choose from ${list})`, path)
  }
  return found
}
