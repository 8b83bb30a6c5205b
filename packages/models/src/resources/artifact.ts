import * as z from 'zod'
import { ArtifactCategory } from '../enumerations.js'
import { defineModel } from '../model.js'
import { DateTimeSchema } from './datetime.js'
import { FileRequestSchema, FileResponseSchema } from './file.js'
import { JsonObjectSchema } from './json-object.js'
import { LinksSchema } from './links.js'
import { openEnum } from './open-enum.js'
import { lazySchema } from '../lazy-schema.js'

/**
 * The body of `POST /artifact/`: the record of an artifact, before its files are uploaded.
 * Unknown fields are rejected.
 *
 * `expire_at` is part of the client model but the 0.16.2 server ignores it; that server
 * reads `expiration_delay` instead (a DRF duration such as `"3 00:00:00"` or `"P3D"`; null
 * inherits the workspace default, zero never expires), so both are offered.
 *
 * @example
 * ArtifactCreateRequestModel.create({ category: ArtifactCategory.TEST, workspace: 'System' })
 */
export const ArtifactCreateRequestSchema = lazySchema(() =>
  z.strictObject({
    category: openEnum(ArtifactCategory),
    workspace: z.string().nullable().default(null),
    files: z.record(z.string(), FileRequestSchema).default({}),
    data: JsonObjectSchema.default({}),
    work_request: z.int().nullable().default(null),
    expire_at: DateTimeSchema.nullable().default(null),
    expiration_delay: z.string().nullable().optional(),
  }),
)
/** The body that creates an artifact. */
export type ArtifactCreateRequest = z.infer<typeof ArtifactCreateRequestSchema>
/** Build and update validated {@link ArtifactCreateRequest} values. */
export const ArtifactCreateRequestModel = defineModel('ArtifactCreateRequest', ArtifactCreateRequestSchema)

/**
 * An artifact as the server describes it (`GET /artifact/{id}/`, and the answer to its
 * creation). `url` is a server-relative web UI path; `download_tar_gz_url` and each file's
 * `url` are absolute. `files_to_upload` lists the paths the server still needs.
 *
 * `scope` is absent from servers older than 0.12 (the earlier shape), so it is optional;
 * `url` too (0.11.3 sends none): it is then an empty string.
 */
export const ArtifactSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    id: z.int(),
    url: z.string().default(''),
    scope: z.string().optional(),
    workspace: z.string(),
    category: openEnum(ArtifactCategory),
    created_at: DateTimeSchema,
    data: JsonObjectSchema,
    download_tar_gz_url: z.url(),
    files_to_upload: z.array(z.string()),
    expire_at: DateTimeSchema.nullable().default(null),
    files: z.record(z.string(), FileResponseSchema).default({}),
  }),
)
/** An artifact, as received. */
export type Artifact = z.infer<typeof ArtifactSchema>
