import * as z from 'zod'
import { lazySchema } from '../lazy-schema.js'

/** Package formats of source and upload artifacts (`type` in their data). */
export const PackageType = Object.freeze({ DPKG: 'dpkg' } as const)
/** A package format. */
export type PackageType = (typeof PackageType)[keyof typeof PackageType]

/**
 * A file name listed in a `.dsc` or `.changes` file: one path component, never `.` or `..`
 * (the server refuses names that would reach outside the artifact).
 */
export const ListedFileNameSchema = lazySchema(() =>
  z
    .string()
    .regex(/^(?!\.{1,2}$)[^/]+$/, { message: 'must be a single path component (no "/", not "." or "..")' }),
)

// `size` stays a string, as python-debian leaves it; it still must be a number of bytes.
const listedSize = () =>
  z.string().regex(/^[0-9]+$/, { message: 'must be a decimal number of bytes, as a string' })

/** One entry of the `Files` field of a `.dsc`: `{md5sum, size, name}`; `size` is a string. */
export const DscFilesEntrySchema = lazySchema(() =>
  z.looseObject({
    md5sum: z.string(),
    size: listedSize(),
    name: ListedFileNameSchema,
  }),
)
/** One entry of the `Files` field of a `.dsc`. */
export type DscFilesEntry = z.infer<typeof DscFilesEntrySchema>

/** One entry of the `Files` field of a `.changes`: `{md5sum, size, section, priority, name}`. */
export const ChangesFilesEntrySchema = lazySchema(() =>
  z.looseObject({
    md5sum: z.string(),
    size: listedSize(),
    section: z.string(),
    priority: z.string(),
    name: ListedFileNameSchema,
  }),
)
/** One entry of the `Files` field of a `.changes`. */
export type ChangesFilesEntry = z.infer<typeof ChangesFilesEntrySchema>

/** One entry of a `Checksums-Sha1` field: `{sha1, size, name}`. */
export const ChecksumsSha1EntrySchema = lazySchema(() =>
  z.looseObject({
    sha1: z.string(),
    size: listedSize(),
    name: ListedFileNameSchema,
  }),
)
/** One entry of a `Checksums-Sha1` field. */
export type ChecksumsSha1Entry = z.infer<typeof ChecksumsSha1EntrySchema>

/** One entry of a `Checksums-Sha256` field: `{sha256, size, name}`. */
export const ChecksumsSha256EntrySchema = lazySchema(() =>
  z.looseObject({
    sha256: z.string(),
    size: listedSize(),
    name: ListedFileNameSchema,
  }),
)
/** One entry of a `Checksums-Sha256` field. */
export type ChecksumsSha256Entry = z.infer<typeof ChecksumsSha256EntrySchema>

/** One entry of a `Checksums-Sha512` field: `{sha512, size, name}`. */
export const ChecksumsSha512EntrySchema = lazySchema(() =>
  z.looseObject({
    sha512: z.string(),
    size: listedSize(),
    name: ListedFileNameSchema,
  }),
)
/** One entry of a `Checksums-Sha512` field. */
export type ChecksumsSha512Entry = z.infer<typeof ChecksumsSha512EntrySchema>

const checksumFields = () => ({
  'Checksums-Sha1': z.array(ChecksumsSha1EntrySchema).optional(),
  'Checksums-Sha256': z.array(ChecksumsSha256EntrySchema).optional(),
  'Checksums-Sha512': z.array(ChecksumsSha512EntrySchema).optional(),
})

/**
 * The fields of a parsed `.dsc`, keys spelled as in the file (`Source`, `Checksums-Sha256`,
 * …). The file lists are typed; every other field is kept as parsed (mostly strings; a
 * recent python-debian also splits `Package-List` into objects).
 */
export const DscFieldsSchema = lazySchema(() =>
  z.looseObject({
    Files: z.array(DscFilesEntrySchema).optional(),
    ...checksumFields(),
  }),
)
/** The fields of a parsed `.dsc`. */
export type DscFields = z.infer<typeof DscFieldsSchema>

/**
 * The fields of a parsed `.changes`, keys spelled as in the file. `Architecture` (a
 * space-separated list) and `Files` are required; the rules that tie them together are
 * checked by the upload data model.
 */
export const ChangesFieldsSchema = lazySchema(() =>
  z.looseObject({
    Architecture: z.string(),
    Files: z.array(ChangesFilesEntrySchema),
    ...checksumFields(),
  }),
)
/** The fields of a parsed `.changes`. */
export type ChangesFields = z.infer<typeof ChangesFieldsSchema>
