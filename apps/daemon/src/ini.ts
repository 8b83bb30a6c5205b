/** Sections of an INI file: section name → key → value (keys lower-cased, as Python's configparser does). */
export type IniSections = Map<string, Map<string, string>>

/**
 * Parse the INI syntax of the Python client's configuration file (configparser without
 * interpolation): `[section]`, `key = value` or `key: value`, comments starting with `#`
 * or `;`, indented lines continuing the previous value.
 *
 * @throws {SyntaxError} for a line outside a section or without a separator
 */
export function parseIni(text: string): IniSections {
  const sections: IniSections = new Map()
  let current: Map<string, string> | undefined
  let lastKey: string | undefined
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim()
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith(';')) return
    if (/^\s/.test(line) && current !== undefined && lastKey !== undefined) {
      current.set(lastKey, `${current.get(lastKey) ?? ''}\n${trimmed}`)
      return
    }
    const header = /^\[(.+)\]$/.exec(trimmed)
    if (header !== null) {
      const name = header[1] ?? ''
      current = sections.get(name) ?? new Map<string, string>()
      sections.set(name, current)
      lastKey = undefined
      return
    }
    const separator = /[=:]/.exec(trimmed)
    if (current === undefined || separator === null) {
      throw new SyntaxError(`line ${index + 1}: expected [section] or key = value`)
    }
    lastKey = trimmed.slice(0, separator.index).trim().toLowerCase()
    current.set(lastKey, trimmed.slice(separator.index + 1).trim())
  })
  return sections
}
