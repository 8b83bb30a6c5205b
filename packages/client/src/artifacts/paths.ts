import type { LocalArtifact } from '@debusine-ts/artifacts'
import { ValidationError } from '@debusine-ts/models'

/** Compare paths the way the server sorts them. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The 0.16.2 server refuses paths with whitespace ("Enter a valid URL", docs/protocol.md §5):
 * say so before anything is created.
 */
export function checkPathsAccepted(local: LocalArtifact, model: string): void {
  const issues = [...local.files.keys(), ...local.remoteFiles.keys()]
    .filter((name) => /\s/.test(name))
    .map((name) => ({
      path: `files.${name}`,
      rule: 'no_whitespace',
      message:
        'the Debusine server refuses a path in an artifact that contains a space or other whitespace ' +
        '(it answers "Enter a valid URL"); rename the file or pass another name for it',
    }))
  if (issues.length > 0) throw new ValidationError(model, issues)
}
