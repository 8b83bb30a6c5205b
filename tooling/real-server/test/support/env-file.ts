/** The env files the harness's scripts write (`KEY=value` lines), read by the tests. */
import { readFileSync } from 'node:fs'

/**
 * The values of env file `path` under `prefix` (e.g. `DEBUSINE_TS_BUILDER_`): a getter that
 * throws, naming the file and the key, when a key is missing or empty.
 */
export function envValues(path: string, prefix: string): (key: string) => string {
  const values = new Map<string, string>()
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const separator = line.indexOf('=')
    if (line.startsWith(prefix) && separator > 0)
      values.set(line.slice(prefix.length, separator), line.slice(separator + 1))
  }
  return (key) => {
    const value = values.get(key)
    if (value === undefined || value === '') throw new Error(`${path} has no ${prefix}${key}`)
    return value
  }
}
