import { readFile } from 'node:fs/promises'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { parseDeb822, type Deb822Fields, type MultivaluedFields } from './deb822.js'

const checksumColumns = {
  'checksums-sha1': ['sha1', 'size', 'name'],
  'checksums-sha256': ['sha256', 'size', 'name'],
  'checksums-sha512': ['sha512', 'size', 'name'],
} as const

// @NOTE `Package-List` is split as a recent python-debian (the one in Debian sid) does.
const dscColumns: MultivaluedFields = Object.freeze({
  files: ['md5sum', 'size', 'name'],
  ...checksumColumns,
  'package-list': ['package', 'package-type', 'section', 'priority', '_other'],
})

const changesColumns: MultivaluedFields = Object.freeze({
  files: ['md5sum', 'size', 'section', 'priority', 'name'],
  ...checksumColumns,
  'package-list': ['package', 'package-type', 'section', 'priority', 'key-value-list'],
})

/**
 * Parse the text of a `.dsc` (signed or not) into its fields, as python-debian's `Dsc`
 * does (docs/protocol.md §13): `Files` is a list of `{md5sum, size, name}`, `Checksums-*` lists
 * of `{sha1|sha256|sha512, size, name}`, `Package-List` a list of
 * `{package, package-type, section, priority, _other}`; sizes stay strings.
 *
 * @example
 * parseDsc(await readFile('hello_1.0-1.dsc', 'utf8')).Source // 'hello'
 */
export function parseDsc(text: string): Deb822Fields {
  return parseDeb822(text, { multivalued: dscColumns })
}

/**
 * Parse the text of a `.changes` (signed or not) into its fields, as python-debian's
 * `Changes` does: `Files` is a list of `{md5sum, size, section, priority, name}`,
 * `Checksums-*` lists of `{sha1|sha256|sha512, size, name}`; sizes stay strings.
 */
export function parseChanges(text: string): Deb822Fields {
  return parseDeb822(text, { multivalued: changesColumns })
}

/** Options of the functions that read local files. */
export interface ReadOptions {
  /** Aborts the read; the promise then rejects with the signal's reason. */
  signal?: AbortSignal
}

/**
 * Read a UTF-8 text file, naming it in the error when it is missing or not UTF-8.
 * @throws {ArtifactRuleError} when the file cannot be read or is not valid UTF-8
 */
async function readTextFile(path: string, options: ReadOptions = {}): Promise<string> {
  let bytes: Uint8Array
  try {
    bytes = await readFile(path, { signal: options.signal })
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason
    throw new ArtifactRuleError(`Cannot read "${path}": ${(error as Error).message}`, [path], {
      cause: error,
    })
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch (error) {
    throw new ArtifactRuleError(`"${path}" is not valid UTF-8 text`, [path], { cause: error })
  }
}

/**
 * Read and parse a `.dsc` file; see {@link parseDsc}.
 * @throws {ArtifactRuleError} when the file cannot be read or is not UTF-8
 */
export async function readDsc(path: string, options: ReadOptions = {}): Promise<Deb822Fields> {
  return parseDsc(await readTextFile(path, options))
}

/**
 * Read and parse a `.changes` file; see {@link parseChanges}.
 * @throws {ArtifactRuleError} when the file cannot be read or is not UTF-8
 */
export async function readChanges(path: string, options: ReadOptions = {}): Promise<Deb822Fields> {
  return parseChanges(await readTextFile(path, options))
}
