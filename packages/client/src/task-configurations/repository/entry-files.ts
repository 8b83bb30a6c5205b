import { readdir, readFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import { TaskConfigurationItemSchema, type TaskConfigurationItem } from '@debusine-ts/models'
import { InvalidRepositoryError } from './invalid-repository-error.js'
import { firstLine, parseYaml, stringifyYaml } from './yaml-format.js'
import { describeIssues } from './zod-issues.js'

/**
 * A task configuration item as a file of the repository holds it: every field but `path`
 * and `position`, which are where it sits (the file and its index there) and are always
 * null here.
 */
export type TaskConfigurationEntry = TaskConfigurationItem

/** The entries of each entry file: relative POSIX path → entries, in file order. */
export type EntryFiles = Map<string, TaskConfigurationEntry[]>

/**
 * Turn a value into an entry: `path` and `position` are dropped (a file's own place
 * wins), the rest is validated as a task configuration item.
 * @returns the entry, or the issues that made it invalid
 */
export function toEntry(
  value: unknown,
): { entry: TaskConfigurationEntry; issues?: undefined } | { entry?: undefined; issues: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { issues: 'an entry must be a mapping' }
  }
  const fields: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  delete fields['path']
  delete fields['position']
  const result = TaskConfigurationItemSchema.safeParse(fields)
  return result.success ? { entry: result.data } : { issues: describeIssues(result.error.issues) }
}

/**
 * Parse the text of an entry file: one mapping (one entry), a list of mappings, or
 * nothing at all (an empty file holds no entry).
 * @param file the file's path relative to the repository, for errors
 * @throws {InvalidRepositoryError} naming the file, the entry and the rule
 */
export async function parseEntryFile(
  directory: string,
  file: string,
  text: string,
): Promise<TaskConfigurationEntry[]> {
  let value: unknown
  try {
    value = await parseYaml(text)
  } catch (error) {
    throw new InvalidRepositoryError({
      directory,
      file,
      rule: 'yaml_syntax',
      message: `not valid YAML: ${firstLine((error as Error).message)}`,
      cause: error,
    })
  }
  if (value === null || value === undefined) return []
  const values = Array.isArray(value) ? (value as unknown[]) : [value]
  return values.map((item, index) => {
    const result = toEntry(item)
    if (result.entry !== undefined) return result.entry
    throw new InvalidRepositoryError({
      directory,
      file,
      rule: typeof item === 'object' && item !== null ? 'task_configuration_item' : 'entry_file_shape',
      message: `${Array.isArray(value) ? `entry ${index}: ` : ''}${result.issues} — a file holds one task configuration mapping or a list of them`,
    })
  })
}

/**
 * The entry files of a repository: every `*.yaml` file at any depth (only `.yaml` is
 * scanned, not `.yml`), as sorted relative POSIX paths. `.git` directories are skipped.
 */
export async function listEntryFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.yaml'))
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.split('/').includes('.git'))
    .sort()
}

/**
 * Read and validate every entry file of a repository.
 * @throws {InvalidRepositoryError} naming the first invalid file
 */
export async function loadEntryFiles(directory: string): Promise<EntryFiles> {
  const files: EntryFiles = new Map()
  for (const file of await listEntryFiles(directory)) {
    const text = await readFile(join(directory, file), 'utf8')
    files.set(file, await parseEntryFile(directory, file, text))
  }
  return files
}

/** The fields of an entry as a file holds them: all but `path` and `position`. */
export function entryFields(entry: TaskConfigurationEntry): Record<string, unknown> {
  const fields: Partial<TaskConfigurationEntry> = { ...entry }
  delete fields.path
  delete fields.position
  return fields
}

function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const object = value as Record<string, unknown>
    return `{${Object.keys(object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${sortedJson(object[key])}`)
      .join(',')}}`
  }
  return JSON.stringify(value)
}

/** A key equal for two entries exactly when their contents (all but path and position) are. */
export function entryKey(entry: TaskConfigurationEntry): string {
  return sortedJson(entryFields(entry))
}

/**
 * The text of an entry file: one entry as a mapping, several as a list; every field but
 * `path` and `position`, keys sorted.
 */
export async function renderEntryFile(entries: readonly TaskConfigurationEntry[]): Promise<string> {
  const [first] = entries
  if (entries.length === 1 && first !== undefined) return stringifyYaml(entryFields(first))
  return stringifyYaml(entries.map(entryFields))
}
