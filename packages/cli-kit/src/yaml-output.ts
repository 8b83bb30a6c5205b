import { plainDataYaml } from './plain-data-yaml.js'

/**
 * YAML as the Python client prints it (PyYAML `safe_dump`, `sort_keys=False`): keys in
 * order, block style, sequences not indented under their key, no line wrapping,
 * multi-line strings as literal blocks, and strings a YAML 1.1 reader would take for
 * something else (timestamps, `yes`, `on`) quoted. Plain data is written without the `yaml`
 * library (most output, and a command printing a table never needs it); the rest loads it.
 */
export async function toYaml(value: unknown): Promise<string> {
  return plainDataYaml(value) ?? (await yamlByLibrary(value))
}

/** {@link toYaml} by the `yaml` library alone, whatever the data (the reference of its fast path). */
export async function yamlByLibrary(value: unknown): Promise<string> {
  const { stringify } = await import('yaml')
  return stringify(value, {
    version: '1.1',
    indentSeq: false,
    lineWidth: 0,
    blockQuote: 'literal',
    aliasDuplicateObjects: false,
    nullStr: 'null',
    singleQuote: true,
  })
}
