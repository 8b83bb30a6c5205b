import type { Stats } from 'node:fs'
import { ArtifactRuleError } from '../artifact-rule-error.js'

/**
 * The error for a path to upload that is not a regular file. It starts with the Python
 * client's words (`"PATH" is not a file`), which scripts grep for, then says what it is.
 */
export function notAFileError(path: string, stats: Stats): ArtifactRuleError {
  const what = stats.isDirectory() ? 'a directory' : 'not a regular file'
  return new ArtifactRuleError(`"${path}" is not a file (${what})`, [path])
}
