import { access, constants, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { writeFileAtomically } from '@debusine-ts/client'
import { SdkError } from '@debusine-ts/models'
import { toPythonIsoformat } from './instant.js'

/**
 * The file that records the latest completion handled cannot be used: unreadable, not
 * writable, or not in the expected format. Not retryable.
 */
export class LastCompletedAtFileError extends SdkError {
  static override readonly errorName: string = 'LastCompletedAtFileError'

  /** The file. */
  readonly file: string

  constructor(file: string, problem: string, cause?: unknown) {
    super(`Cannot use the last-completed-at file ${file}: ${problem}`, 'last_completed_at_file', { cause })
    this.file = file
  }
}

/**
 * The text of a last-completed-at file, as the Python client writes it: JSON indented by two
 * spaces with a final newline, the instant in `datetime.isoformat()` form (`+00:00`, not `Z`).
 *
 * @example
 * formatLastCompletedAt('2026-10-28T13:17:55.123456Z')
 * // '{\n  "last_completed_at": "2026-10-28T13:17:55.123456+00:00"\n}\n'
 */
export function formatLastCompletedAt(completedAt: string | null): string {
  const value = completedAt === null ? null : toPythonIsoformat(completedAt)
  return `${JSON.stringify({ last_completed_at: value }, null, 2)}\n`
}

/**
 * Read a last-completed-at file: the instant it holds, sent verbatim as `completed_at_since`;
 * `undefined` when the file is missing or holds `null`.
 *
 * @throws {LastCompletedAtFileError} when the file cannot be read or is not in the format
 */
export async function readLastCompletedAt(file: string): Promise<string | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined
    throw new LastCompletedAtFileError(file, (error as Error).message, error)
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new LastCompletedAtFileError(file, 'it is not JSON', error)
  }
  const value = (parsed as { last_completed_at?: unknown } | null)?.last_completed_at
  if (value === null) return undefined
  if (typeof value !== 'string') {
    throw new LastCompletedAtFileError(file, 'expected {"last_completed_at": "<ISO datetime>" or null}')
  }
  try {
    toPythonIsoformat(value)
  } catch (error) {
    throw new LastCompletedAtFileError(file, `${JSON.stringify(value)} is not an ISO 8601 datetime`, error)
  }
  return value
}

/**
 * Write a last-completed-at file atomically: a temporary file in the same directory,
 * flushed to disk, then renamed over the file, so a crash leaves the old or the new content.
 *
 * @throws {LastCompletedAtFileError} when the file cannot be written
 */
export async function writeLastCompletedAt(file: string, completedAt: string | null): Promise<void> {
  try {
    await writeFileAtomically(file, formatLastCompletedAt(completedAt), { sync: true })
  } catch (error) {
    throw new LastCompletedAtFileError(file, (error as Error).message, error)
  }
}

/**
 * Check up front what the listener will need: a writable directory and, when the file
 * exists, a readable and writable file in the format; a missing file is created holding
 * `null`. Returns the instant the file holds.
 *
 * @throws {LastCompletedAtFileError} when one of these does not hold
 */
export async function prepareLastCompletedAt(file: string): Promise<string | undefined> {
  try {
    await access(dirname(file), constants.W_OK | constants.X_OK)
  } catch (error) {
    throw new LastCompletedAtFileError(file, 'its directory is not writable', error)
  }
  try {
    await access(file, constants.R_OK | constants.W_OK)
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') {
      throw new LastCompletedAtFileError(file, 'it is not readable and writable', error)
    }
    await writeLastCompletedAt(file, null)
    return undefined
  }
  return readLastCompletedAt(file)
}
