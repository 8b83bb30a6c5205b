import { SdkError } from '@debusine-ts/models'

/** What an {@link InvalidRepositoryError} is built from. */
export interface InvalidRepositoryErrorInit {
  /** The repository's directory. */
  directory: string
  /** The file at fault, relative to the directory (`MANIFEST`, `a/b.yaml`), if one is. */
  file?: string | undefined
  /** The rule broken, as a short code, e.g. `yaml_syntax`, `dirty_work_tree`. */
  rule: string
  /** What is wrong and what to do, in words. */
  message: string
  /** The error that caused this one. */
  cause?: unknown
}

/**
 * A local task configuration repository (see {@link TaskConfigurationRepository}) is not
 * valid, or cannot be used for this operation: a file is not YAML or breaks the item
 * rules, the `MANIFEST` is missing or names another collection, the git work tree has
 * uncommitted changes, or the server's collection was pushed from a commit this
 * repository does not know. The message names the file and the rule.
 *
 * @example
 * if (InvalidRepositoryError.isInstance(error)) console.error(error.file, error.rule)
 */
export class InvalidRepositoryError extends SdkError {
  static override readonly errorName: string = 'InvalidRepositoryError'

  /** The repository's directory. */
  readonly directory: string
  /** The file at fault, relative to the directory, if one is. */
  readonly file: string | undefined
  /** The rule broken, as a short code. */
  readonly rule: string

  constructor(init: InvalidRepositoryErrorInit) {
    const where = init.file === undefined ? init.directory : `${init.file} (in ${init.directory})`
    super(
      `Invalid task configuration repository: ${where}: ${init.message} [${init.rule}]`,
      'invalid_repository',
      {
        cause: init.cause,
      },
    )
    this.directory = init.directory
    this.file = init.file
    this.rule = init.rule
  }
}
