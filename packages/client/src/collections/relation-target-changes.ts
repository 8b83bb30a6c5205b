import { formatCollectionName, type CollectionName } from '@debusine-ts/models'

/**
 * Changes to the targets of a relation (`collection relation edit --set/--append/--prepend/
 * --remove`), applied in this order: `set` replaces the list, `append` adds at the end and
 * `prepend` at the start (in the order given) the targets not already there, `remove` drops
 * targets wherever they are.
 */
export interface RelationTargetChanges {
  /** The new list of targets, in place of the current one. */
  readonly set?: readonly CollectionName[] | undefined
  /** Targets added at the end, unless already there. */
  readonly append?: readonly CollectionName[] | undefined
  /** Targets added at the start, in the order given, unless already there. */
  readonly prepend?: readonly CollectionName[] | undefined
  /** Targets removed. */
  readonly remove?: readonly CollectionName[] | undefined
}

/**
 * The targets of a relation once `changes` are applied to `current` (nothing is sent: pass
 * the result to {@link CollectionRelations.replace} with the ETag read along `current`).
 *
 * @example
 * const { relations, etag } = await client.collections.relations.getTargets(suite, 'suite-requires')
 * const current = relations.map((relation) => relation.target_collection)
 * const targets = applyRelationTargetChanges(current, { append: [{ name: 'trixie', category: 'debian:suite' }] })
 * await client.collections.relations.replace(suite, 'suite-requires', targets, { ifMatch: etag ?? undefined })
 */
export function applyRelationTargetChanges(
  current: readonly CollectionName[],
  changes: RelationTargetChanges,
): CollectionName[] {
  let targets = (changes.set ?? current).map(({ name, category }) => ({ name, category }))
  const present = (item: CollectionName): boolean =>
    targets.some((target) => formatCollectionName(target) === formatCollectionName(item))
  for (const item of changes.append ?? []) if (!present(item)) targets.push(item)
  for (const item of [...(changes.prepend ?? [])].reverse()) if (!present(item)) targets.unshift(item)
  const removed = new Set((changes.remove ?? []).map(formatCollectionName))
  targets = targets.filter((target) => !removed.has(formatCollectionName(target)))
  return targets
}
