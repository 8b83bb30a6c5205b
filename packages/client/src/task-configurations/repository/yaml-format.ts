// @NOTE YAML 1.1 on both sides, like the Python client (PyYAML): a string such as "yes"
// or "off" is then written quoted, so that Python does not read it back as a boolean.
const version = '1.1' as const

// The YAML library is loaded on first use, so that importing the client does not load it.

/** Parse YAML text (1.1 rules). */
export async function parseYaml(text: string): Promise<unknown> {
  const { parse } = await import('yaml')
  return parse(text, { version })
}

/** Render a value as YAML (1.1 rules) with the keys of every mapping sorted. */
export async function stringifyYaml(value: unknown): Promise<string> {
  const { stringify } = await import('yaml')
  return stringify(value, { version, sortMapEntries: true, lineWidth: 0 })
}

/** The first line of a YAML error message (the rest is a code frame). */
export function firstLine(message: string): string {
  return message.split('\n')[0] ?? message
}
