import { pythonRepr, pythonType } from './python-repr.js'

/** One error of a pydantic validation: where, what and why. */
export interface FieldError {
  loc: string[]
  type: string
  msg: string
  input: unknown
}

/** A field's check: the errors of `value` at `loc` (none when valid). */
export type FieldCheck = (value: unknown, loc: string[]) => FieldError[]

/** A `StrEnum` (or Django choices) field: one of `choices`. */
export function enumField(choices: readonly string[]): FieldCheck {
  const quoted = choices.map((choice) => `'${choice}'`)
  const msg = `Input should be ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`
  return (value, loc) =>
    typeof value === 'string' && choices.includes(value) ? [] : [{ loc, type: 'enum', msg, input: value }]
}

/** A `str` field (pydantic's lax mode converts no other type to a string). */
export const stringField: FieldCheck = (value, loc) =>
  typeof value === 'string'
    ? []
    : [{ loc, type: 'string_type', msg: 'Input should be a valid string', input: value }]

/** An `int` field (lax mode: booleans and integral numbers pass). */
export const intField: FieldCheck = (value, loc) => {
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isInteger(value))) return []
  if (typeof value === 'number') {
    const msg = 'Input should be a valid integer, got a number with a fractional part'
    return [{ loc, type: 'int_from_float', msg, input: value }]
  }
  return [{ loc, type: 'int_type', msg: 'Input should be a valid integer', input: value }]
}

/** `A | B | …`: valid when one member is; otherwise every member's errors, at `loc.member`. */
export function unionField(members: Record<string, FieldCheck>): FieldCheck {
  return (value, loc) => {
    const errors = Object.entries(members).map(([name, check]) => check(value, [...loc, name]))
    return errors.some((found) => found.length === 0) ? [] : errors.flat()
  }
}

/** `T | None`: null passes. */
export function optional(check: FieldCheck): FieldCheck {
  return (value, loc) => (value === null ? [] : check(value, loc))
}

/** A pydantic model with `extra="forbid"`: its fields, in declaration order. */
export interface StrictModel {
  name: string
  fields: Record<string, FieldCheck>
}

/** The errors of `data` against `model`: the fields in declaration order, then the extra keys. */
export function validateModel(model: StrictModel, data: Record<string, unknown>): FieldError[] {
  const errors = Object.entries(model.fields).flatMap(([name, check]) =>
    name in data ? check(data[name], [name]) : [],
  )
  for (const [key, value] of Object.entries(data)) {
    if (!(key in model.fields)) {
      errors.push({
        loc: [key],
        type: 'extra_forbidden',
        msg: 'Extra inputs are not permitted',
        input: value,
      })
    }
  }
  return errors
}

/** pydantic's `str(ValidationError)`: the count, then each error with its location, type and input. */
export function validationErrorText(model: StrictModel, errors: readonly FieldError[]): string {
  const count = `${errors.length} validation error${errors.length === 1 ? '' : 's'} for ${model.name}`
  const lines = errors.map(
    (error) =>
      `${error.loc.join('.')}\n  ${error.msg} [type=${error.type}, input_value=${pythonRepr(error.input)}, ` +
      `input_type=${pythonType(error.input)}]\n    For further information visit https://errors.pydantic.dev/2.14/v/${error.type}`,
  )
  return [count, ...lines].join('\n')
}

/**
 * The server's `validation_errors` for a pydantic error: each message under every element
 * of its location (so `environment.int` files its message under `environment` and `int`).
 */
export function validationErrorMap(errors: readonly FieldError[]): Record<string, string[]> {
  const map: Record<string, string[]> = {}
  for (const error of errors) for (const part of error.loc) (map[part] ??= []).push(error.msg)
  return map
}
