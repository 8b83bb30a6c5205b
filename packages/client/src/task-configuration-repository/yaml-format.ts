import { parse, stringify } from 'yaml'

// @NOTE YAML 1.1 on both sides, like the Python client (PyYAML): a string such as "yes"
// or "off" is then written quoted, so that Python does not read it back as a boolean.
const version = '1.1' as const

/** Parse YAML text (1.1 rules). */
export function parseYaml(text: string): unknown {
  return parse(text, { version })
}

/** Render a value as YAML (1.1 rules) with the keys of every mapping sorted. */
export function stringifyYaml(value: unknown): string {
  return stringify(value, { version, sortMapEntries: true, lineWidth: 0 })
}

/** The first line of a YAML error message (the rest is a code frame). */
export function firstLine(message: string): string {
  return message.split('\n')[0] ?? message
}
