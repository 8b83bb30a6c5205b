import * as z from 'zod'
import { ChangesFieldsSchema, PackageType, type ChangesFields } from '../deb822-fields.js'
import { lazySchema } from '../../lazy-schema.js'

const SOURCE_ARCHITECTURE = 'source'

function isBinaryPackage(name: string): boolean {
  return name.endsWith('.deb') || name.endsWith('.udeb')
}

/**
 * Check the rules that tie `Architecture` to the names in `Files`, reporting each broken
 * rule on `Files`.
 */
function checkUploadFiles(fields: ChangesFields, context: z.RefinementCtx): void {
  const architectures = fields.Architecture.split(/\s+/).filter((architecture) => architecture !== '')
  const names = fields.Files.map((entry) => entry.name)
  const hasSource = architectures.includes(SOURCE_ARCHITECTURE)
  const hasBinary = architectures.some((architecture) => architecture !== SOURCE_ARCHITECTURE)
  const report = (message: string): void => context.addIssue({ code: 'custom', path: ['Files'], message })

  if (hasSource && !hasBinary) {
    const binaries = names.filter(isBinaryPackage)
    if (binaries.length > 0) {
      report(`a source-only upload lists no .deb/.udeb, but found ${binaries.join(', ')}`)
    }
    const buildinfos = names.filter(
      (name) => name.endsWith('.buildinfo') && !name.endsWith('_source.buildinfo'),
    )
    if (buildinfos.length > 0) {
      report(`a source-only upload lists only *_source.buildinfo, but found ${buildinfos.join(', ')}`)
    }
  }
  if (hasBinary && !names.some(isBinaryPackage)) {
    report(
      `Architecture "${fields.Architecture}" names binary architectures, so at least one .deb/.udeb is needed`,
    )
  }
  const dscCount = names.filter((name) => name.endsWith('.dsc')).length
  if (hasSource && dscCount !== 1) {
    report(`Architecture includes "source", so exactly one .dsc is needed, found ${dscCount}`)
  }
  if (!hasSource && dscCount !== 0) {
    report(`Architecture does not include "source", so no .dsc is allowed, found ${dscCount}`)
  }
}

/**
 * Data of `debian:upload` artifacts: the parsed `.changes`. Its `Files` must agree with
 * its `Architecture`: a source-only upload lists no `.deb`/`.udeb` and no `.buildinfo` but
 * `*_source.buildinfo`; a binary architecture needs a `.deb`/`.udeb`; exactly one `.dsc` if
 * `source` is among the architectures, none otherwise.
 */
export const UploadDataSchema = lazySchema(() =>
  z.strictObject({
    type: z.literal(PackageType.DPKG),
    changes_fields: ChangesFieldsSchema.superRefine(checkUploadFiles),
  }),
)
/** Data of an upload artifact. */
export type UploadData = z.infer<typeof UploadDataSchema>
