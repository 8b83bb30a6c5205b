import type { ArtifactCategory } from '@debusine-ts/models'
import type { LocalArtifact } from '../local-artifact.js'

/** Validate a freshly built artifact and hand it back. */
export async function validated<Category extends ArtifactCategory>(
  artifact: LocalArtifact<Category>,
): Promise<LocalArtifact<Category>> {
  await artifact.validate()
  return artifact
}
