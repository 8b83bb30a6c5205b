import { readFile } from 'node:fs/promises'
import { writeFileAtomically } from '@debusine-ts/client'
import { SdkError } from '@debusine-ts/models'
import { toMicroseconds } from '@debusine-ts/events'

/** The in-flight file beside the state file cannot be read or written. Not retryable. */
export class InFlightFileError extends SdkError {
  static override readonly errorName: string = 'InFlightFileError'

  /** The file. */
  readonly file: string

  constructor(file: string, problem: string, cause?: unknown) {
    super(`Cannot use the in-flight file ${file}: ${problem}`, 'in_flight_file', { cause })
    this.file = file
  }
}

/** A completion as the in-flight file records it. */
export interface RecordedCompletion {
  work_request_id: number
  completed_at: string
  result: string
}

/** What the in-flight file holds. */
export interface InFlightRecord {
  /** Completions taken but whose command has not finished (queued or running). */
  pending: RecordedCompletion[]
  /** Completions whose command finished, newer than what the state file covers. */
  done: RecordedCompletion[]
}

/** The in-flight file of a state file: `FILE.in-flight` beside it. */
export function inFlightFileOf(stateFile: string): string {
  return `${stateFile}.in-flight`
}

function isRecorded(value: unknown): value is RecordedCompletion {
  const entry = value as Partial<RecordedCompletion> | null
  if (typeof entry !== 'object' || entry === null) return false
  if (!Number.isInteger(entry.work_request_id) || typeof entry.result !== 'string') return false
  if (typeof entry.completed_at !== 'string') return false
  try {
    toMicroseconds(entry.completed_at)
    return true
  } catch {
    return false
  }
}

/**
 * Read the in-flight file; empty lists when it is missing.
 *
 * @throws {InFlightFileError} when it cannot be read or is not in the format
 */
export async function readInFlight(file: string): Promise<InFlightRecord> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return { pending: [], done: [] }
    throw new InFlightFileError(file, (error as Error).message, error)
  }
  let parsed: Partial<InFlightRecord> | null
  try {
    parsed = JSON.parse(text) as Partial<InFlightRecord> | null
  } catch (error) {
    throw new InFlightFileError(file, 'it is not JSON (delete it to start afresh)', error)
  }
  const pending = parsed?.pending
  const done = parsed?.done
  if (!Array.isArray(pending) || !Array.isArray(done) || ![...pending, ...done].every(isRecorded)) {
    throw new InFlightFileError(
      file,
      'expected {"pending": [...], "done": [...]} of {"work_request_id", "completed_at", "result"}',
    )
  }
  return { pending, done }
}

/**
 * Write the in-flight file atomically and durably (temporary file, fsync, rename).
 *
 * @throws {InFlightFileError} when it cannot be written
 */
export async function writeInFlight(file: string, record: InFlightRecord): Promise<void> {
  try {
    await writeFileAtomically(file, `${JSON.stringify({ version: 1, ...record }, null, 1)}\n`, { sync: true })
  } catch (error) {
    throw new InFlightFileError(file, (error as Error).message, error)
  }
}
