import {
  describeHazard,
  findPathHazard,
  makeDirectoriesBelow,
  type PathHazard,
} from '../../internal/contained-path.js'
import { InvalidRepositoryError } from './invalid-repository-error.js'

function throughLink(directory: string, file: string, hazard: PathHazard): InvalidRepositoryError {
  return new InvalidRepositoryError({
    directory,
    file,
    rule: 'symlink_in_path',
    message: `${describeHazard(hazard)}; a pull never writes or deletes through a symbolic link inside the repository: replace it with a real directory or file`,
  })
}

/**
 * Refuse, before anything is written, files of the repository (relative POSIX paths) whose
 * way from `directory` crosses a symbolic link, the file itself included. The repository's
 * own directory may be a link: that is the caller's choice.
 * @throws {InvalidRepositoryError} (`symlink_in_path`) naming the first such file
 */
export async function refuseLinkedPaths(directory: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    const hazard = await findPathHazard(directory, file.split('/'), true)
    if (hazard !== undefined) throw throughLink(directory, file, hazard)
  }
}

/**
 * Create the directories of `file` one level at a time, never through a symbolic link.
 * @throws {InvalidRepositoryError} (`symlink_in_path`) when one appeared on the way
 */
export async function makeParentDirectories(directory: string, file: string): Promise<void> {
  const hazard = await makeDirectoriesBelow(directory, file.split('/').slice(0, -1))
  if (hazard !== undefined) throw throughLink(directory, file, hazard)
}
