import {
  formatCollectionName,
  parseCollectionName,
  ValidationError,
  type Collection,
  pythonShapes,
  shapeLikePython,
} from '@debusine-ts/models'
import {
  CliError,
  type CommandContext,
  UsageError,
  renderFields,
  renderTable,
} from '@debusine-ts/client/command-line'

/** The collection arguments of every `collection` command. */
interface CollectionArguments {
  categoryOrFullName: string
  name: string | undefined
}

/** The retention options of `collection create` and `manage`. */
interface RetentionOptions {
  fullHistoryRetentionPeriod: string | undefined
  metadataOnlyRetentionPeriod: string | undefined
}

/** `[NAME@]CATEGORY [NAME]` → name and category; the name defaults to `_`. */
function collectionIdentifier(
  context: CommandContext,
  { categoryOrFullName: first, name: second }: CollectionArguments,
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

/** A retention period: days, `-` for none (null), or not given (undefined); as argparse's type check. */
function retention(
  context: CommandContext,
  option: string,
  text: string | undefined,
): number | null | undefined {
  if (text === undefined) return undefined
  if (text === '-') return null
  if (!/^\d+$/.test(text)) {
    throw new UsageError(`argument --${option}: retention period must be a number or '-'`, context.path)
  }
  return Number(text)
}

function retentions(
  context: CommandContext,
  values: RetentionOptions,
): { full: number | null | undefined; metadata: number | null | undefined } {
  return {
    full: retention(context, 'full-history-retention-period', values.fullHistoryRetentionPeriod),
    metadata: retention(context, 'metadata-only-retention-period', values.metadataOnlyRetentionPeriod),
  }
}

function retentionText(collection: Collection): string {
  const full = collection.full_history_retention_period
  const metadata = collection.metadata_only_retention_period
  return `${full ?? 'unlimited'} / ${metadata ?? 'unlimited'}`
}

function printCollection(context: CommandContext, collection: Collection): void {
  context.print({
    json: collection,
    yaml: shapeLikePython(collection, pythonShapes.collection),
    human: () =>
      renderFields([
        ['ID', collection.id],
        ['Name', collection.name],
        ['Category', collection.category],
        ['Retention (full / metadata)', retentionText(collection)],
        ['Data', collection.data],
        ['Stats', collection.stats],
      ]),
  })
}

/** `collection list`. */
export async function list(
  context: CommandContext,
  values: { workspace: string | undefined },
): Promise<undefined> {
  const client = await context.client()
  const collections = await client.collections
    .list({ workspace: await context.workspace(values.workspace), signal: context.signal })
    .toArray({ limit: Infinity })
  context.print({
    json: collections,
    yaml: collections.map((collection) => shapeLikePython(collection, pythonShapes.collection)),
    human: () =>
      renderTable(
        ['ID', 'Name', 'Category', 'Retention (full / metadata)', 'Data'],
        collections.map((collection) => [
          collection.id,
          collection.name,
          collection.category,
          retentionText(collection),
          collection.data,
        ]),
      ),
  })
  return undefined
}

/** `collection show`: with statistics. */
export async function show(
  context: CommandContext,
  values: CollectionArguments & { workspace: string | undefined },
): Promise<undefined> {
  const identifier = collectionIdentifier(context, values)
  const client = await context.client()
  const collection = await client.collections.get(
    { ...identifier, withStats: true },
    { workspace: await context.workspace(values.workspace), signal: context.signal },
  )
  printCollection(context, collection)
  return undefined
}

/** `collection create`: data required (stdin by default). */
export async function create(
  context: CommandContext,
  values: CollectionArguments & RetentionOptions & { workspace: string | undefined; data: string },
): Promise<undefined> {
  const identifier = collectionIdentifier(context, values)
  const { full, metadata } = retentions(context, values)
  const data = await context.readData(values.data)
  const client = await context.client()
  const collection = await client.collections.create(
    {
      ...identifier,
      data,
      full_history_retention_period: full ?? null,
      metadata_only_retention_period: metadata ?? null,
    },
    { workspace: await context.workspace(values.workspace), signal: context.signal },
  )
  printCollection(context, collection)
  return undefined
}

/** `collection manage`: fetch, change, PATCH. */
export async function manage(
  context: CommandContext,
  values: CollectionArguments &
    RetentionOptions & {
      workspace: string | undefined
      data: string | undefined
      rename: string | undefined
    },
): Promise<undefined> {
  const identifier = collectionIdentifier(context, values)
  const { full, metadata } = retentions(context, values)
  const data = values.data === undefined ? undefined : await context.readData(values.data)
  const client = await context.client()
  const workspace = await context.workspace(values.workspace)
  const current = await client.collections.get(identifier, { workspace, signal: context.signal })
  const updated = {
    ...current,
    name: values.rename ?? current.name,
    data: data ?? current.data,
    full_history_retention_period: full === undefined ? current.full_history_retention_period : full,
    metadata_only_retention_period:
      metadata === undefined ? current.metadata_only_retention_period : metadata,
  }
  printCollection(context, await client.collections.update(updated, { workspace, signal: context.signal }))
  return undefined
}

/** `collection delete`: refused while the collection holds items, unless `--force`. */
export async function remove(
  context: CommandContext,
  values: CollectionArguments & { workspace: string | undefined; force: boolean },
): Promise<undefined> {
  const identifier = collectionIdentifier(context, values)
  const client = await context.client()
  const workspace = await context.workspace(values.workspace)
  const collection = await client.collections.get(
    { ...identifier, withStats: true },
    { workspace, signal: context.signal },
  )
  const items = (collection.stats ?? []).reduce(
    (sum: number, stat) => sum + Number((stat as { count?: unknown }).count ?? 0),
    0,
  )
  if (items > 0 && !values.force) {
    throw new CliError(`Collection ${formatCollectionName(collection)} is not empty (${items} items).`, {
      hint: 'Use --force to delete it anyway.',
    })
  }
  await client.collections.delete(collection, { workspace, signal: context.signal })
  context.feedback('Collection deleted.')
  if (context.format === 'json') context.print({ json: { result: 'success' } })
  return undefined
}
