import { ValidationError } from '@debusine-ts/models'

const keepSlashesMarker = Symbol('debusine-ts.keepSlashes')

/** A value for the {@link path} tag whose `/` characters separate path segments. */
export interface KeepSlashes {
  /** The raw value, e.g. `dir/file.txt`. */
  readonly value: string
  /** @internal */
  readonly [keepSlashesMarker]: true
}

/**
 * Mark a value for the {@link path} tag so that its `/` stay separators (Python's
 * `quote()` with `safe='/'`): for paths inside an artifact such as `dir/file.txt`.
 * Every other character is encoded as usual; empty, `.` and `..` segments are refused.
 *
 * @example
 * path`/artifact/${42}/files/${keepSlashes('src/a b.c')}/` // '/artifact/42/files/src/a%20b.c/'
 */
export function keepSlashes(value: string): KeepSlashes {
  return { value, [keepSlashesMarker]: true }
}

function isKeepSlashes(value: unknown): value is KeepSlashes {
  return typeof value === 'object' && value !== null && keepSlashesMarker in value
}

/**
 * Percent-encode one path segment like Python's `quote(value, safe='')`: everything but
 * ASCII letters, digits and `_.-~` is encoded as UTF-8 bytes (so `/`, `@`, `:`, space,
 * `!`, `'`, `(`, `)`, `*` are encoded too).
 *
 * @example
 * encodePathSegment('a b@c:d') // 'a%20b%40c%3Ad'
 */
export function encodePathSegment(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  )
}

function refuse(value: string, reason: string): never {
  throw new ValidationError('path parameter', [
    { path: '', rule: 'invalid_path_segment', message: `${JSON.stringify(value)} ${reason}` },
  ])
}

function encodeValue(value: unknown): string {
  if (isKeepSlashes(value)) {
    return value.value
      .split('/')
      .map((segment) => {
        if (segment === '') refuse(value.value, 'has an empty segment (leading, trailing or double "/")')
        if (segment === '.' || segment === '..') refuse(value.value, 'has a "." or ".." segment')
        return encodePathSegment(segment)
      })
      .join('/')
  }
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'bigint') {
    return refuse(String(value), 'is not a string or a number')
  }
  const text = String(value)
  if (text === '') refuse(text, 'is empty')
  if (text === '.' || text === '..') refuse(text, 'would change the path')
  return encodePathSegment(text)
}

/**
 * Build an API path from a template, percent-encoding every interpolated value as one
 * path segment (Python `quote()` semantics, see {@link encodePathSegment}). Wrap a value
 * in {@link keepSlashes} to keep its `/`.
 *
 * @throws {ValidationError} when a value is empty, `.` or `..`, or not a string or number
 * @example
 * path`/work-request/${id}/`                               // '/work-request/42/'
 * path`/collection/${workspace}/${category}/${name}/item/` // each value encoded
 */
export function path(strings: TemplateStringsArray, ...values: unknown[]): string {
  let result = strings[0] ?? ''
  values.forEach((value, index) => {
    result += encodeValue(value) + (strings[index + 1] ?? '')
  })
  return result
}
