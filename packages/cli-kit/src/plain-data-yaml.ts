/**
 * The tests of the tags whose plain scalars a YAML 1.1 reader takes for something other than
 * a string (`yes`, `~`, `0x1F`, `1:20`, `2026-11-26`): a string that reads as one of them is
 * quoted. These are the `yaml` library's own 1.1 schema (null, bool, int, float, the
 * sexagesimals and timestamp), so that both paths quote the same strings; like the library,
 * without the merge key `<<` (a tag for keys only, never quoted). Written out rather than
 * read from the library at import, so that plain output does not load it; a unit test
 * checks them against the library's.
 */
export const nonStringPatterns: readonly RegExp[] = [
  /^(?:~|[Nn]ull|NULL)?$/,
  /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
  /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
  /^[-+]?0b[0-1_]+$/,
  /^[-+]?0[0-7_]+$/,
  /^[-+]?[0-9][0-9_]*$/,
  /^[-+]?0x[0-9a-fA-F_]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
  /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
  /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
  /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
  /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\.[0-9]+)?)(?:[ \t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$/,
]

// The library's rule for a string that cannot be plain: an indicator first, `: ` or ` #`
// inside, a space or `:` last.
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/
// Left to the library: line breaks (literal blocks), tabs, `'` (double quotes), control
// characters and lone surrogates (escapes), document markers.
const LEFT_TO_LIBRARY = /[\t\n'\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]|^(?:---|\.\.\.)/u
// Longer keys are written as explicit `? ` keys by the library.
const LONGEST_IMPLICIT_KEY = 1024

function stringText(value: string): string | undefined {
  if (LEFT_TO_LIBRARY.test(value)) return undefined
  const quoted = NOT_PLAIN.test(value) || nonStringPatterns.some((pattern) => pattern.test(value))
  return quoted ? `'${value}'` : value
}

function scalarText(value: unknown): string | undefined {
  if (value === null) return 'null'
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  // The library writes every finite number as JSON does, but -0 as `-0`.
  if (typeof value === 'number')
    return Number.isFinite(value) && !Object.is(value, -0) ? JSON.stringify(value) : undefined
  if (typeof value === 'string') return stringText(value)
  return undefined
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype === Object.prototype || prototype === null
}

/** What follows `key:` or `-`: ` scalar`, ` {}`, or the collection's lines at `indent`. */
function afterIndicator(value: unknown, indent: string, inSequence: boolean): string | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return ' []\n'
    // A sequence under a key starts on the next line at the key's indent; an item's starts on its `-` line.
    const lines = sequenceLines(value, inSequence ? `${indent}  ` : indent)
    return lines === undefined ? undefined : inSequence ? ` ${lines.trimStart()}` : `\n${lines}`
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value)
    if (keys.length === 0) return ' {}\n'
    const lines = mappingLines(value, keys, `${indent}  `)
    return lines === undefined ? undefined : inSequence ? ` ${lines.trimStart()}` : `\n${lines}`
  }
  const text = scalarText(value)
  return text === undefined ? undefined : ` ${text}\n`
}

function sequenceLines(items: readonly unknown[], indent: string): string | undefined {
  let lines = ''
  for (const item of items) {
    const rest = afterIndicator(item, indent, true)
    if (rest === undefined) return undefined
    lines += `${indent}-${rest}`
  }
  return lines
}

function mappingLines(
  map: Record<string, unknown>,
  keys: readonly string[],
  indent: string,
): string | undefined {
  let lines = ''
  for (const key of keys) {
    const keyText = key.length > LONGEST_IMPLICIT_KEY ? undefined : stringText(key)
    const rest = keyText === undefined ? undefined : afterIndicator(map[key], indent, false)
    if (rest === undefined) return undefined
    lines += `${indent}${keyText}:${rest}`
  }
  return lines
}

/**
 * The YAML of `toYaml` for plain JSON data (objects, arrays, strings, finite numbers,
 * booleans, null) written directly, without the `yaml` library's document tree.
 * `undefined` for anything else, such as a multi-line string, a `'`, `NaN` or a `Date`,
 * which the library writes.
 */
export function plainDataYaml(value: unknown): string | undefined {
  if (Array.isArray(value) && value.length > 0) return sequenceLines(value, '')
  if (isPlainObject(value) && Object.keys(value).length > 0)
    return mappingLines(value, Object.keys(value), '')
  return afterIndicator(value, '', false)?.trimStart()
}
