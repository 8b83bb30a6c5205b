import type { ArtifactCategory } from '@debusine-ts/models'
import type { LocalArtifact } from './local-artifact.js'

/** Options shared by every `create` function of a kind. */
export interface CreateOptions {
  /** Aborts the file reads; the promise then rejects with the signal's reason. */
  signal?: AbortSignal
}

/**
 * A kind of local artifact: its category and a `create` function that builds a validated
 * {@link LocalArtifact} from local files.
 */
export interface LocalArtifactKind<Category extends ArtifactCategory = ArtifactCategory, Input = never> {
  /** The category of the artifacts this kind builds. */
  readonly category: Category
  /**
   * Build and validate an artifact of this kind.
   * @throws {ArtifactRuleError} when the files break a rule of the category
   * @throws {ValidationError} when the data breaks the category's model
   */
  create(input: Input, options?: CreateOptions): Promise<LocalArtifact<Category>>
}
