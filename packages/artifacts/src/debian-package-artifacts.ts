import { dirname, join } from 'node:path'
import { ArtifactRuleError } from './artifact-rule-error.js'
import type { Deb822Fields } from './deb822.js'
import { listedFiles } from './internal/listed-files.js'
import { BinaryPackageArtifact } from './kinds/binary-package.js'
import { SourcePackageArtifact } from './kinds/source-package.js'
import { UploadArtifact } from './kinds/upload.js'
import type { LocalArtifact } from './local-artifact.js'
import { readChanges, readDsc, type ReadOptions } from './source-control-file.js'

function field(fields: Deb822Fields, name: string): string {
  const key = Object.keys(fields).find((candidate) => candidate.toLowerCase() === name)
  const value = key === undefined ? undefined : fields[key]
  return typeof value === 'string' ? value : ''
}

/**
 * A `debian:source-package` artifact of a `.dsc` and the files its `Files` field lists
 * (from the same directory); name and version from its `Source` and `Version` fields.
 *
 * @example
 * const source = await sourcePackageFromDsc('build/hello_1.0-1.dsc')
 * @throws {ArtifactRuleError} when the `.dsc` or a listed file cannot be read
 */
export async function sourcePackageFromDsc(dsc: string, options: ReadOptions = {}): Promise<LocalArtifact> {
  const fields = await readDsc(dsc, options)
  const listed = listedFiles(fields, 'Files', 'md5sum', dsc)
  return SourcePackageArtifact.create(
    {
      name: field(fields, 'source'),
      version: field(fields, 'version'),
      files: [dsc, ...listed.map((file) => join(dirname(dsc), file.name))],
    },
    options,
  )
}

/**
 * The artifacts of a `.changes`: the `debian:upload` itself, then per entry of its
 * `Architecture` field the source package of its one `.dsc` (`source`) or a binary
 * package per `.deb`/`.udeb` of that architecture, as the Python client prepares them.
 */
async function uploadArtifacts(changes: string, options: ReadOptions): Promise<LocalArtifact[]> {
  const fields = await readChanges(changes, options)
  const names = listedFiles(fields, 'Files', 'md5sum', changes).map((file) => file.name)
  const directory = dirname(changes)
  const artifacts: LocalArtifact[] = [await UploadArtifact.create({ changesFile: changes }, options)]
  for (const architecture of field(fields, 'architecture').split(/\s+/).filter(Boolean)) {
    if (architecture === 'source') {
      const dscs = names.filter((name) => name.endsWith('.dsc'))
      if (dscs.length !== 1) {
        throw new ArtifactRuleError(
          `Expecting exactly 1 .dsc in source package, found ${dscs.length} in "${changes}"`,
          [changes],
        )
      }
      artifacts.push(await sourcePackageFromDsc(join(directory, dscs[0] as string), options))
      continue
    }
    const debs = names.filter(
      (name) => name.endsWith(`_${architecture}.deb`) || name.endsWith(`_${architecture}.udeb`),
    )
    if (debs.length === 0) {
      throw new ArtifactRuleError(
        `Expecting at least one .deb per arch in binary packages: "${changes}" lists none for ${architecture}`,
        [changes],
      )
    }
    for (const deb of debs) {
      artifacts.push(await BinaryPackageArtifact.create({ file: join(directory, deb) }, options))
    }
  }
  return artifacts
}

/**
 * The local artifacts of a Debian file, as `debusine import-debian` builds them: a `.dsc`
 * gives its source package; a `.deb`, `.udeb` or `.ddeb` its binary package; a
 * `.changes` the upload first, then its source package and binary packages (the first
 * artifact is the one the others relate to). Files listed by a `.dsc` or `.changes` are
 * taken from its directory.
 *
 * @example
 * const [upload, ...parts] = await debianPackageArtifacts('build/hello_1.0-1_amd64.changes')
 * @throws {ArtifactRuleError} for another kind of file, a missing or unreadable file, or
 *   files that break the rules of their category
 */
export async function debianPackageArtifacts(
  path: string,
  options: ReadOptions = {},
): Promise<LocalArtifact[]> {
  if (path.endsWith('.changes')) return uploadArtifacts(path, options)
  if (path.endsWith('.dsc')) return [await sourcePackageFromDsc(path, options)]
  if (/\.[ud]?deb$/.test(path)) return [await BinaryPackageArtifact.create({ file: path }, options)]
  throw new ArtifactRuleError(
    'Only source packages (.dsc), binary packages (.deb), and source/binary uploads (.changes) can be ' +
      `directly imported with this command. ${path} is not supported.`,
    [path],
  )
}
