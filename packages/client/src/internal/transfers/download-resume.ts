import {
  AbortError,
  ApiError,
  ConnectionError,
  defaultRetryDelays,
  retryDelay,
  sleep,
  type RetryDelays,
} from '@debusine-ts/transport'
import { ArtifactDownloadError } from '../../errors/artifact-errors.js'
import type { VerifiedFile } from './download-file.js'
import type { Transfer } from './download-transfer.js'
import { stallWatchdog } from './stall-watchdog.js'
import { describeFailure } from './transfer-failure.js'

/** What {@link downloadResumable} needs. */
export interface ResumableDownloadInput {
  artifactId: number
  /** The path in the artifact (or the tarball's name), for messages. */
  path: string
  /** Send one GET from byte `offset` on and append its body to `file` (socket or fetch: see download-transfer.ts). */
  transfer: Transfer
  file: VerifiedFile
  /** The size the file must reach, when known: a body that ends before it is resumed. */
  size: number | undefined
  stallTimeout: number
  progressTimeout: number
  retryDelays?: RetryDelays | undefined
  signal?: AbortSignal | undefined
}

/** A body that ended before the announced size: resume from where it stopped. */
class EndedEarly extends Error {}

function isRetryable(error: unknown, stalled: boolean): boolean {
  if (stalled || error instanceof EndedEarly || ConnectionError.isInstance(error)) return true
  return ApiError.isInstance(error) && error.isRetryable
}

function describe(error: unknown, stalled: boolean, stallTimeout: number): string {
  if (stalled) return `no progress for ${Math.round(stallTimeout / 1000)} s`
  if (error instanceof EndedEarly) return error.message
  return describeFailure(error)
}

/** One GET of the rest of the file, appended to it. */
async function attempt(input: ResumableDownloadInput, signal: AbortSignal, wake: () => void): Promise<void> {
  const { file } = input
  await input.transfer(file.written, signal, wake)
  if (input.size !== undefined && file.written < input.size) {
    throw new EndedEarly(`the answer ended after ${file.written} of ${input.size} bytes`)
  }
}

/**
 * Download into `input.file`, resuming a cut transfer with `Range` from the bytes already
 * written, for as long as new bytes keep arriving: it gives up only after
 * `progressTimeout` without a new byte. A request that makes no progress for
 * `stallTimeout` is abandoned and resumed.
 *
 * @throws {ArtifactDownloadError} (`transfer_failed`) when it gives up
 * @throws {AbortError} when `signal` aborted
 */
export async function downloadResumable(input: ResumableDownloadInput): Promise<void> {
  let lastProgressAt = Date.now()
  let mostWritten = 0
  let failures = 0
  for (;;) {
    const watchdog = stallWatchdog(input.stallTimeout)
    const signal =
      input.signal === undefined ? watchdog.signal : AbortSignal.any([input.signal, watchdog.signal])
    try {
      await attempt(input, signal, watchdog.wake)
      return
    } catch (error) {
      if (input.signal?.aborted === true)
        throw new AbortError({ method: 'GET', url: input.path, cause: input.signal.reason })
      const stalled = watchdog.stalled()
      if (!isRetryable(error, stalled)) throw error
      if (input.file.written > mostWritten) {
        mostWritten = input.file.written
        lastProgressAt = Date.now()
        failures = 0
      }
      failures += 1
      const reason = describe(error, stalled, input.stallTimeout)
      if (Date.now() - lastProgressAt >= input.progressTimeout) {
        throw new ArtifactDownloadError(
          'transfer_failed',
          `Download of "${input.path}" (artifact ${input.artifactId}) failed: ${reason}; no new byte arrived for ` +
            `${Math.round((Date.now() - lastProgressAt) / 1000)} s. Nothing was kept under the final name; try again.`,
          { artifactId: input.artifactId, path: input.path, cause: error, isRetryable: true },
        )
      }
      try {
        // Right after progress the link works: go on at once; without progress, back off.
        const delay =
          failures === 1 ? 0 : retryDelay(failures - 1, undefined, input.retryDelays ?? defaultRetryDelays)
        await sleep(delay, input.signal)
      } catch (reason) {
        throw new AbortError({ method: 'GET', url: input.path, cause: input.signal?.reason ?? reason })
      }
    } finally {
      watchdog.stop()
    }
  }
}
