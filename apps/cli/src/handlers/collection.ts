import type { Collection } from '@debusine-ts/models'
import { CliError } from '../cli-error.js'
import type { CommandContext } from '../command-context.js'
import { collectionShape, shaped } from '../python-shapes.js'
import { renderFields, renderTable } from '../table.js'
import { UsageError } from '../usage-error.js'

/** `[NAME@]CATEGORY [NAME]` → name and category; the name defaults to `_`. */
function collectionIdentifier(context: CommandContext): { name: string; category: string } {
  const first = context.arguments['[NAME@]CATEGORY'] as string
  const second = context.arguments.NAME as string | undefined
  const at = first.indexOf('@')
  if (at !== -1) {
    if (second !== undefined) {
      throw new UsageError(
        'the collection name is given twice (NAME@CATEGORY and NAME)',
        context.command.path,
      )
    }
    return { name: first.slice(0, at), category: first.slice(at + 1) }
  }
  return { name: second ?? '_', category: first }
}

function retention(text: string): number | null {
  if (text === '-') return null
  if (!/^\d+$/.test(text)) throw new UsageError(`invalid retention period '${text}': a number of days or '-'`)
  return Number(text)
}

function retentionText(collection: Collection): string {
  const full = collection.full_history_retention_period
  const metadata = collection.metadata_only_retention_period
  return `${full ?? 'unlimited'} / ${metadata ?? 'unlimited'}`
}

function printCollection(context: CommandContext, collection: Collection): void {
  context.print({
    json: collection,
    yaml: shaped(collection, collectionShape),
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
export async function list(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const collections = await client.collections
    .list({ workspace: await context.workspace(), signal: context.signal })
    .toArray({ limit: Infinity })
  context.print({
    json: collections,
    yaml: collections.map((collection) => shaped(collection, collectionShape)),
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
export async function show(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const collection = await client.collections.get(
    { ...collectionIdentifier(context), withStats: true },
    { workspace: await context.workspace(), signal: context.signal },
  )
  printCollection(context, collection)
  return undefined
}

/** `collection create`: data required (stdin by default). */
export async function create(context: CommandContext): Promise<undefined> {
  const data = await context.readData(true)
  const full = context.string('full-history-retention-period')
  const metadata = context.string('metadata-only-retention-period')
  const client = await context.client()
  const collection = await client.collections.create(
    {
      ...collectionIdentifier(context),
      data,
      full_history_retention_period: full === undefined ? null : retention(full),
      metadata_only_retention_period: metadata === undefined ? null : retention(metadata),
    },
    { workspace: await context.workspace(), signal: context.signal },
  )
  printCollection(context, collection)
  return undefined
}

/** `collection manage`: fetch, change, PATCH. */
export async function manage(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const workspace = await context.workspace()
  const current = await client.collections.get(collectionIdentifier(context), {
    workspace,
    signal: context.signal,
  })
  const full = context.string('full-history-retention-period')
  const metadata = context.string('metadata-only-retention-period')
  const updated = {
    ...current,
    name: context.string('rename') ?? current.name,
    data: context.string('data') === undefined ? current.data : ((await context.readData(false)) as never),
    full_history_retention_period:
      full === undefined ? current.full_history_retention_period : retention(full),
    metadata_only_retention_period:
      metadata === undefined ? current.metadata_only_retention_period : retention(metadata),
  }
  printCollection(context, await client.collections.update(updated, { workspace, signal: context.signal }))
  return undefined
}

/** `collection delete`: refused while the collection holds items, unless `--force`. */
export async function remove(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const workspace = await context.workspace()
  const collection = await client.collections.get(
    { ...collectionIdentifier(context), withStats: true },
    { workspace, signal: context.signal },
  )
  const items = (collection.stats ?? []).reduce(
    (sum: number, stat) => sum + Number((stat as { count?: unknown }).count ?? 0),
    0,
  )
  if (items > 0 && !context.flag('force')) {
    throw new CliError(
      `Collection ${collection.name}@${collection.category} is not empty (${items} items).`,
      {
        hint: 'Use --force to delete it anyway.',
      },
    )
  }
  await client.collections.delete(collection, { workspace, signal: context.signal })
  context.feedback('Collection deleted.')
  if (context.format === 'json') context.print({ json: { result: 'success' } })
  return undefined
}
