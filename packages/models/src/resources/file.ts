import * as z from 'zod'
import { defineModel } from '../model.js'
import { LinksSchema } from './links.js'
import { lazySchema } from '../lazy-schema.js'

/** The longest checksum value the protocol allows. */
export const MAX_CHECKSUM_LENGTH = 255

// RFC 9110 media type: type "/" subtype *( OWS ";" OWS name "=" ( token / quoted-string ) ).
const token = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
const quotedString = '"(?:[^"\\\\\\r\\n]|\\\\.)*"'
const mediaTypePattern = new RegExp(
  `^${token}/${token}(?:[ \\t]*;[ \\t]*${token}=(?:${token}|${quotedString}))*$`,
)

/**
 * A media type usable in an HTTP `Content-Type` header, parameters included.
 * @example
 * MediaTypeSchema.parse('text/plain; charset=utf-8')
 */
export const MediaTypeSchema = lazySchema(() =>
  z.string().regex(mediaTypePattern, 'must be a media type such as "text/plain; charset=utf-8"'),
)
/** A media type with optional parameters. */
export type MediaType = z.infer<typeof MediaTypeSchema>

/**
 * Checksums of a file: algorithm name → value, each value at most 255 characters. The
 * 0.16.2 server requires a `sha256` entry on creation and ignores the others.
 */
export const ChecksumsSchema = lazySchema(() =>
  z.record(
    z.string(),
    z.string().max(MAX_CHECKSUM_LENGTH, `must be at most ${MAX_CHECKSUM_LENGTH} characters`),
  ),
)
/** Checksums of a file. */
export type Checksums = z.infer<typeof ChecksumsSchema>

/** The only kind of entry an artifact holds. */
const fileType = () => z.literal('file')

/**
 * A file of an artifact, as declared when the artifact is created. Unknown fields are
 * rejected.
 *
 * @example
 * FileRequestModel.create({ size: 3, checksums: { sha256: 'ab12…' }, type: 'file', content_type: null })
 */
export const FileRequestSchema = lazySchema(() =>
  z.strictObject({
    size: z.int().nonnegative(),
    checksums: ChecksumsSchema,
    type: fileType(),
    content_type: MediaTypeSchema.nullable().default(null),
  }),
)
/** A file of an artifact, as sent when the artifact is created. */
export type FileRequest = z.infer<typeof FileRequestSchema>
/** Build and update validated {@link FileRequest} values. */
export const FileRequestModel = defineModel('FileRequest', FileRequestSchema)

/**
 * A file of an artifact, as the server describes it: `url` is the absolute download URL.
 */
export const FileResponseSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    size: z.int().nonnegative(),
    checksums: ChecksumsSchema,
    type: fileType(),
    url: z.url(),
    content_type: z.string().nullable().default(null),
  }),
)
/** A file of an artifact, as received. */
export type FileResponse = z.infer<typeof FileResponseSchema>
