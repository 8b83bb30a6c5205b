import type { ArtifactCategory } from '@debusine-ts/models'
import { LocalArtifact, type AddLocalFileOptions, type ArtifactDataInput } from '../local-artifact.js'
import { validated } from './validated.js'

/** A local file to put in an artifact, and how (its name, base directory, content type). */
export type FileToAdd = readonly [file: string, options?: AddLocalFileOptions]

/**
 * Build an artifact of `category` from its data and local files, then validate it: the
 * whole of `create` for the kinds whose data comes from the input rather than the files.
 */
export async function assembleArtifact<Category extends ArtifactCategory>(
  category: Category,
  data: ArtifactDataInput<Category>,
  files: Iterable<FileToAdd>,
): Promise<LocalArtifact<Category>> {
  const artifact = new LocalArtifact(category, data)
  for (const [file, options] of files) await artifact.addLocalFile(file, options)
  return validated(artifact)
}
