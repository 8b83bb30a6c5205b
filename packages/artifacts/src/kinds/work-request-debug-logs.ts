import { ArtifactCategory } from '@debusine-ts/models'
import { TEXT_PLAIN_UTF8 } from '../content-type.js'
import { assembleArtifact } from '../internal/assemble-artifact.js'
import type { LocalArtifactKind } from '../local-artifact-kind.js'

/** Input of {@link WorkRequestDebugLogsArtifact}'s `create`. */
export interface WorkRequestDebugLogsInput {
  /** The log files; each goes at the artifact root under its own name. */
  files: Iterable<string>
}

/**
 * `debusine:work-request-debug-logs`: log files at the artifact root, as
 * `text/plain; charset=utf-8`; the data is empty.
 *
 * @example
 * await WorkRequestDebugLogsArtifact.create({ files: ['cmd-output.log'] })
 */
export const WorkRequestDebugLogsArtifact: LocalArtifactKind<
  'debusine:work-request-debug-logs',
  WorkRequestDebugLogsInput
> = {
  category: ArtifactCategory.WORK_REQUEST_DEBUG_LOGS,
  async create(input) {
    const files = [...input.files].map((file) => [file, { contentType: TEXT_PLAIN_UTF8 }] as const)
    return await assembleArtifact(ArtifactCategory.WORK_REQUEST_DEBUG_LOGS, {}, files)
  },
}
