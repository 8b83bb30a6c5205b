import { SdkError, type SdkErrorOptions } from '@debusine-ts/models'

/**
 * A local artifact, or a file given to build one, breaks a rule of its category: a wrong
 * number of files, a wrong suffix, a file set that differs from the one a `.dsc` or
 * `.changes` lists, a missing or non-regular file, a path already used, …
 *
 * The message names the file(s) and the rule, e.g.
 * `Source package artifact needs exactly one .dsc file; got 2: a.dsc, b.dsc`. The same
 * names are in {@link ArtifactRuleError.paths}. Never retryable: fix the input first.
 *
 * @example
 * try { await createSourcePackage({ name, version, files }) } catch (error) {
 *   if (ArtifactRuleError.isInstance(error)) console.error(error.message)
 * }
 */
export class ArtifactRuleError extends SdkError {
  static override readonly errorName: string = 'ArtifactRuleError'

  /** The files (local paths or paths in the artifact) that the rule is about; may be empty. */
  readonly paths: readonly string[]

  constructor(message: string, paths: readonly string[] = [], options: SdkErrorOptions = {}) {
    super(message, 'artifact_rule', options)
    this.paths = Object.freeze([...paths])
  }
}
