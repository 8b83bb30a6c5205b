/** An INI file as Python's configparser reads it: sections of lower-cased keys. */
export type IniFile = Map<string, Map<string, string>>

/**
 * Parse INI text the way Python's `configparser` (the Python client's reader) does:
 * `[section]` headers, `key = value` or `key: value`, `#` and `;` comment lines,
 * indented continuation lines, keys lower-cased and trimmed, no interpolation.
 *
 * @throws {Error} on a line outside any section, a line that is not `key = value`,
 *   or a duplicate section or key (configparser's strict mode)
 */
export function parseIni(text: string, fileName: string): IniFile {
  const sections: IniFile = new Map()
  let current: Map<string, string> | undefined
  let lastKey: string | undefined
  let lineNumber = 0
  for (const rawLine of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    lineNumber += 1
    const trimmed = rawLine.trim()
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) {
      lastKey = undefined
      continue
    }
    if (/^\s/.test(rawLine) && current !== undefined && lastKey !== undefined) {
      current.set(lastKey, `${current.get(lastKey) ?? ''}\n${trimmed}`)
      continue
    }
    const header = /^\[(.+)\]\s*$/.exec(trimmed)
    if (header !== null) {
      const name = header[1]!
      if (sections.has(name))
        throw new Error(`${fileName}, line ${lineNumber}: section [${name}] already exists`)
      current = new Map()
      sections.set(name, current)
      lastKey = undefined
      continue
    }
    if (current === undefined) {
      throw new Error(`${fileName}, line ${lineNumber}: no section header before '${trimmed}'`)
    }
    const separator = /[=:]/.exec(trimmed)
    if (separator === null)
      throw new Error(`${fileName}, line ${lineNumber}: not 'key = value': '${trimmed}'`)
    const key = trimmed.slice(0, separator.index).trim().toLowerCase()
    const value = trimmed.slice(separator.index + 1).trim()
    if (current.has(key)) throw new Error(`${fileName}, line ${lineNumber}: key '${key}' already set`)
    current.set(key, value)
    lastKey = key
  }
  return sections
}
