import { ArtifactRuleError } from '../artifact-rule-error.js'
import type { Deb822Entry, Deb822Fields } from '../deb822.js'

/** A file named in a `.dsc` or `.changes` list, with what that list says about it. */
export interface ListedFile {
  name: string
  size: string
  /** The checksum column of the list (e.g. `sha256`), when it has one. */
  checksum?: string
}

/**
 * The entries of a multi-valued field (`Files`, `Checksums-Sha256`, …) of a parsed file,
 * each name checked to be a single path component.
 *
 * @param source the local path of the parsed file, named in errors
 * @throws {ArtifactRuleError} when the field is missing or malformed, or a name is not a
 *   single path component
 */
export function listedFiles(
  fields: Deb822Fields,
  field: string,
  checksumColumn: string,
  source: string,
): ListedFile[] {
  const key = Object.keys(fields).find((candidate) => candidate.toLowerCase() === field.toLowerCase())
  const value = key === undefined ? undefined : fields[key]
  if (value === undefined) throw new ArtifactRuleError(`"${source}" has no ${field} field`, [source])
  if (!Array.isArray(value)) {
    throw new ArtifactRuleError(`The ${field} field of "${source}" must be a list of files, one per line`, [
      source,
    ])
  }
  return value.map((entry: Deb822Entry) => {
    const name = entry.name
    const size = entry.size
    if (name === undefined || size === undefined) {
      throw new ArtifactRuleError(`The ${field} field of "${source}" has an incomplete line`, [source])
    }
    if (name.includes('/') || name === '.' || name === '..' || name === '') {
      throw new ArtifactRuleError(
        `The ${field} field of "${source}" lists "${name}", which is not a single path component`,
        [source, name],
      )
    }
    const checksum = entry[checksumColumn]
    return checksum === undefined ? { name, size } : { name, size, checksum }
  })
}
