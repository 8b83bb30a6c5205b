// The collection-relation schemas moved to models (wire shapes live there); the client keeps
// its old names for one minor version so that imports from the client keep working.
import {
  CollectionRelationEndSchema as EndSchema,
  CollectionRelationSchema as RelationSchema,
  CollectionRelationTargetsSchema as TargetsSchema,
  type CollectionRelation as Relation,
  type CollectionRelationEnd as End,
  type CollectionRelationTargets as Targets,
} from '@debusine-ts/models'

/** @deprecated Import `CollectionRelationSchema` from `@debusine-ts/models`. */
export const CollectionRelationSchema = RelationSchema
/** @deprecated Import `CollectionRelationEndSchema` from `@debusine-ts/models`. */
export const CollectionRelationEndSchema = EndSchema
/** @deprecated Import `CollectionRelationTargetsSchema` from `@debusine-ts/models`. */
export const CollectionRelationTargetsSchema = TargetsSchema
/** @deprecated Import the type `CollectionRelation` from `@debusine-ts/models`. */
export type CollectionRelation = Relation
/** @deprecated Import the type `CollectionRelationEnd` from `@debusine-ts/models`. */
export type CollectionRelationEnd = End
/** @deprecated Import the type `CollectionRelationTargets` from `@debusine-ts/models`. */
export type CollectionRelationTargets = Targets
