/** An INI file as Python's configparser reads it: section name → lower-cased key → value. */
export type IniFile = Map<string, Map<string, string>>

/** A line of an INI file that {@link parseIni} rejects (configparser's strict mode). */
export class IniSyntaxError extends Error {
  override readonly name = 'IniSyntaxError'

  constructor(
    message: string,
    /** The 1-based line number. */
    readonly line: number,
  ) {
    super(message)
  }
}

const commentPattern = /^[#;]/
const headerPattern = /^\[(.+)\]\s*$/

/**
 * Parse INI text the way Python's `configparser` (the Python client's reader) does:
 * `[section]` headers, `key = value` or `key: value`, `#` and `;` comment lines,
 * indented continuation lines, keys lower-cased and trimmed, no interpolation.
 *
 * @example
 * parseIni('[General]\ndefault-server = debian\n').get('General')?.get('default-server') // 'debian'
 * @throws {IniSyntaxError} on a line outside any section, a line that is not `key = value`,
 *   or a duplicate section or key (configparser's strict mode)
 */
export function parseIni(text: string): IniFile {
  const sections: IniFile = new Map()
  let current: Map<string, string> | undefined
  let lastKey: string | undefined
  let lineNumber = 0
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    lineNumber += 1
    const trimmed = rawLine.trim()
    if (trimmed === '' || commentPattern.test(trimmed)) {
      lastKey = undefined
      continue
    }
    if (/^\s/.test(rawLine) && current !== undefined && lastKey !== undefined) {
      current.set(lastKey, `${current.get(lastKey) ?? ''}\n${trimmed}`)
      continue
    }
    const header = headerPattern.exec(trimmed)
    if (header !== null) {
      const name = header[1]!
      if (sections.has(name))
        throw new IniSyntaxError(`line ${lineNumber}: section [${name}] already exists`, lineNumber)
      current = new Map()
      sections.set(name, current)
      lastKey = undefined
      continue
    }
    if (current === undefined) {
      throw new IniSyntaxError(`line ${lineNumber}: no section header before '${trimmed}'`, lineNumber)
    }
    const separator = /[=:]/.exec(trimmed)
    if (separator === null)
      throw new IniSyntaxError(`line ${lineNumber}: not 'key = value': '${trimmed}'`, lineNumber)
    const key = trimmed.slice(0, separator.index).trim().toLowerCase()
    const value = trimmed.slice(separator.index + 1).trim()
    if (current.has(key)) throw new IniSyntaxError(`line ${lineNumber}: key '${key}' already set`, lineNumber)
    current.set(key, value)
    lastKey = key
  }
  return sections
}

/**
 * Set keys of one section in INI text, keeping everything else (other sections, comments,
 * the order of lines): a key present is rewritten in place, a new key is added at the end
 * of the section, a key set to `undefined` is removed; a missing section is appended.
 *
 * @example
 * updateIniSection('[General]\n', 'server:x', { 'api-url': 'https://x/api/' })
 * // '[General]\n\n[server:x]\napi-url = https://x/api/\n'
 */
export function updateIniSection(
  text: string,
  section: string,
  values: Readonly<Record<string, string | undefined>>,
): string {
  const lines = text === '' ? [] : text.replace(/\r?\n$/, '').split(/\r?\n/)
  const pending = new Map(Object.entries(values).map(([key, value]) => [key.toLowerCase(), value]))
  const start = lines.findIndex((line) => headerPattern.exec(line.trim())?.[1] === section)
  if (start === -1) {
    const added = [...pending].filter(([, value]) => value !== undefined)
    const block = [`[${section}]`, ...added.map(([key, value]) => `${key} = ${value!}`)]
    const separator = lines.length > 0 && lines.at(-1)!.trim() !== '' ? [''] : []
    return `${[...lines, ...separator, ...block].join('\n')}\n`
  }
  let end = lines.findIndex((line, index) => index > start && headerPattern.test(line.trim()))
  if (end === -1) end = lines.length
  const body: string[] = []
  let skippingContinuation = false
  for (const line of lines.slice(start + 1, end)) {
    const trimmed = line.trim()
    if (skippingContinuation && /^\s/.test(line) && trimmed !== '') continue
    skippingContinuation = false
    const separator = /[=:]/.exec(trimmed)
    const key =
      trimmed === '' || commentPattern.test(trimmed) || separator === null
        ? undefined
        : trimmed.slice(0, separator.index).trim().toLowerCase()
    if (key !== undefined && pending.has(key)) {
      const value = pending.get(key)
      pending.delete(key)
      skippingContinuation = true
      if (value !== undefined) body.push(`${key} = ${value}`)
      continue
    }
    body.push(line)
  }
  // New keys go after the section's last non-blank line, so blank separators stay between sections.
  let insertAt = body.length
  while (insertAt > 0 && body[insertAt - 1]!.trim() === '') insertAt -= 1
  const added = [...pending]
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} = ${value!}`)
  body.splice(insertAt, 0, ...added)
  return `${[...lines.slice(0, start + 1), ...body, ...lines.slice(end)].join('\n')}\n`
}
