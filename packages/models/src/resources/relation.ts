import * as z from 'zod'
import { RelationType } from '../enumerations.js'
import { defineModel } from '../model.js'
import { LinksSchema } from './links.js'
import { openEnum } from './open-enum.js'
import { lazySchema } from '../lazy-schema.js'

/**
 * The body of `POST /artifact-relation/`: a relation from `artifact` to `target`. Unknown
 * fields are rejected.
 * @example
 * RelationCreateRequestModel.create({ artifact: 7, target: 8, type: RelationType.EXTENDS })
 */
export const RelationCreateRequestSchema = lazySchema(() =>
  z.strictObject({
    artifact: z.int(),
    target: z.int(),
    type: z.enum(RelationType),
  }),
)
/** The body that creates an artifact relation. */
export type RelationCreateRequest = z.infer<typeof RelationCreateRequestSchema>
/** Build and update validated {@link RelationCreateRequest} values. */
export const RelationCreateRequestModel = defineModel('RelationCreateRequest', RelationCreateRequestSchema)

/** A relation between two artifacts, as the server describes it (0.16.2 sends no links). */
export const RelationSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    id: z.int(),
    artifact: z.int(),
    target: z.int(),
    type: openEnum(RelationType),
  }),
)
/** An artifact relation, as received. */
export type Relation = z.infer<typeof RelationSchema>

/** The answer to `GET /artifact-relation/`: a plain list (not paginated). */
export const RelationListSchema = lazySchema(() => z.array(RelationSchema))
/** A list of artifact relations, as received. */
export type RelationList = z.infer<typeof RelationListSchema>
