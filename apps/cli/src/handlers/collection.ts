import {
  formatCollectionName,
  parseCollectionName,
  ValidationError,
  type Collection,
} from '@debusine-ts/models'
import {
  CliError,
  type CommandContext,
  type HandlerOf,
  type ValuesOf,
  UsageError,
  pythonShapes,
} from '@debusine-ts/cli-kit'
import type { collectionCommands } from './collection.commands.js'
import { type Field, printItem, printItems, printSuccess } from './render.js'
export { lookupMultiple, lookupSingle } from './collection-lookup.js'

/** `[NAME@]CATEGORY [NAME]` → name and category; the name defaults to `_`. */
function collectionIdentifier(
  context: CommandContext,
  { categoryOrFullName: first, name: second }: ValuesOf<typeof collectionCommands.show>,
): { name: string; category: string } {
  if (!first.includes('@')) return { name: second ?? '_', category: first }
  if (second !== undefined) {
    throw new UsageError('the collection name is given twice (NAME@CATEGORY and NAME)', context.path)
  }
  try {
    return parseCollectionName(first, { field: '[NAME@]CATEGORY' })
  } catch (error) {
    if (!ValidationError.isInstance(error)) throw error
    throw new UsageError(error.issues.map((issue) => issue.message).join('; '), context.path)
  }
}

/** A retention period given: days, null for none (`-`), undefined when not given. */
function days(text: string | undefined): number | null | undefined {
  return text === undefined ? undefined : text === '-' ? null : Number(text)
}

function retentionText(collection: Collection): string {
  const full = collection.full_history_retention_period
  const metadata = collection.metadata_only_retention_period
  return `${full ?? 'unlimited'} / ${metadata ?? 'unlimited'}`
}

/** A collection for humans; its table has the first five (not the statistics). */
const collectionFields: readonly Field<Collection>[] = [
  ['ID', (collection) => collection.id],
  ['Name', (collection) => collection.name],
  ['Category', (collection) => collection.category],
  ['Retention (full / metadata)', retentionText],
  ['Data', (collection) => collection.data],
  ['Stats', (collection) => collection.stats],
]

function printCollection(context: CommandContext, collection: Collection): Promise<void> {
  return printItem(context, collection, pythonShapes.collection, collectionFields)
}

/** `collection list`. */
export const list: HandlerOf<typeof collectionCommands.list> = async (context, values) => {
  const client = await context.client()
  const collections = await client.collections
    .list(await context.inWorkspace(values.workspace))
    .toArray({ limit: Infinity })
  await printItems(context, collections, pythonShapes.collection, collectionFields.slice(0, 5))
}

/** `collection show`: with statistics. */
export const show: HandlerOf<typeof collectionCommands.show> = async (context, values) => {
  const identifier = collectionIdentifier(context, values)
  const client = await context.client()
  const collection = await client.collections.get(
    { ...identifier, withStats: true },
    await context.inWorkspace(values.workspace),
  )
  await printCollection(context, collection)
}

/** `collection create`: data required (stdin by default). */
export const create: HandlerOf<typeof collectionCommands.create> = async (context, values) => {
  const identifier = collectionIdentifier(context, values)
  const data = await context.readData(values.data)
  const client = await context.client()
  const collection = await client.collections.create(
    {
      ...identifier,
      data,
      full_history_retention_period: days(values.fullHistoryRetentionPeriod) ?? null,
      metadata_only_retention_period: days(values.metadataOnlyRetentionPeriod) ?? null,
    },
    await context.inWorkspace(values.workspace),
  )
  await printCollection(context, collection)
}

/** `collection manage`: fetch, change, PATCH. */
export const manage: HandlerOf<typeof collectionCommands.manage> = async (context, values) => {
  const identifier = collectionIdentifier(context, values)
  const full = days(values.fullHistoryRetentionPeriod)
  const metadata = days(values.metadataOnlyRetentionPeriod)
  const data = values.data === undefined ? undefined : await context.readData(values.data)
  const client = await context.client()
  const inWorkspace = await context.inWorkspace(values.workspace)
  const current = await client.collections.get(identifier, inWorkspace)
  const updated = {
    ...current,
    name: values.rename ?? current.name,
    data: data ?? current.data,
    full_history_retention_period: full === undefined ? current.full_history_retention_period : full,
    metadata_only_retention_period:
      metadata === undefined ? current.metadata_only_retention_period : metadata,
  }
  await printCollection(context, await client.collections.update(updated, inWorkspace))
}

/** `collection delete`: refused while the collection holds items, unless `--force`. */
export const remove: HandlerOf<typeof collectionCommands.remove> = async (context, values) => {
  const identifier = collectionIdentifier(context, values)
  const client = await context.client()
  const inWorkspace = await context.inWorkspace(values.workspace)
  const collection = await client.collections.get({ ...identifier, withStats: true }, inWorkspace)
  const items = (collection.stats ?? []).reduce(
    (sum: number, stat) => sum + Number((stat as { count?: unknown }).count ?? 0),
    0,
  )
  if (items > 0 && !values.force) {
    throw new CliError(`Collection ${formatCollectionName(collection)} is not empty (${items} items).`, {
      hint: 'Use --force to delete it anyway.',
    })
  }
  await client.collections.delete(collection, inWorkspace)
  context.feedback('Collection deleted.')
  await printSuccess(context)
}
