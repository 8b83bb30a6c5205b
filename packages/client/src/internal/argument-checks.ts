import { ValidationError, type ValidationIssue } from '@debusine-ts/models'

/**
 * The longest delay a timer keeps (Node and browsers store it in 32 bits): a longer one
 * fires at once, so a wait or timeout past it is refused rather than turned into a busy loop.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1

/** A value as a message shows it: numbers as written (`NaN`, `Infinity`), anything else as JSON. */
function shown(value: unknown): string {
  return typeof value === 'number' ? String(value) : JSON.stringify(value)
}

/** The issue of `value` as an id (an integer ≥ 1), or `undefined` when it is one. */
export function idIssue(field: string, value: unknown, noun = 'id'): ValidationIssue | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 1) return undefined
  return {
    path: field,
    rule: 'invalid_type',
    message: `expected a positive integer ${noun}, got ${shown(value)}`,
  }
}

/** @throws {ValidationError} of `model` unless `value` is an id (an integer ≥ 1) */
export function checkId(model: string, field: string, value: unknown, noun = 'id'): void {
  const issue = idIssue(field, value, noun)
  if (issue !== undefined) throw new ValidationError(model, [issue])
}

/** What a count or a duration may also be: `Infinity`, where it means "no limit". */
export interface RangeOptions {
  infinite?: boolean
}

/** @throws {ValidationError} of `model` unless `value` is omitted or an integer ≥ `minimum` (or `Infinity` where allowed) */
export function checkCount(
  model: string,
  field: string,
  value: number | undefined,
  minimum: number,
  { infinite = false }: RangeOptions = {},
): void {
  if (value === undefined || (infinite && value === Infinity)) return
  if (Number.isSafeInteger(value) && value >= minimum) return
  throw new ValidationError(model, [
    {
      path: field,
      rule: 'invalid_number',
      message: `expected an integer ≥ ${minimum}${infinite ? ' or Infinity' : ''}, got ${shown(value)}`,
    },
  ])
}

/**
 * @throws {ValidationError} of `model` unless `value` is omitted or a number of milliseconds
 * from `minimum` to {@link MAX_TIMER_MS} (or `Infinity` where allowed)
 */
export function checkMilliseconds(
  model: string,
  field: string,
  value: number | undefined,
  minimum: number,
  { infinite = false }: RangeOptions = {},
): void {
  if (value === undefined || (infinite && value === Infinity)) return
  if (Number.isFinite(value) && value >= minimum && value <= MAX_TIMER_MS) return
  throw new ValidationError(model, [
    {
      path: field,
      rule: 'invalid_number',
      message: `expected a number of milliseconds from ${minimum} to ${MAX_TIMER_MS}${infinite ? ' or Infinity' : ''}, got ${shown(value)}`,
    },
  ])
}
