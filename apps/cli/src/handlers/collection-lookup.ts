import type { LookupChildType, LookupResult } from '@debusine-ts/models'
import type { CommandContext } from '../command-context.js'
import { renderTable } from '../table.js'
import { UsageError } from '../usage-error.js'

/** The Python client's `LookupSingleResponse` fields, in its order (null fields are left out). */
const pythonFields = [
  'links',
  'result_type',
  'collection_item',
  'artifact',
  'collection',
  'collection_info',
  'parent_collection_lookup',
] as const

/** A result as `debusine collection lookup-* --yaml` prints it: the fields set, nulls dropped. */
function pythonShape(result: LookupResult): Record<string, unknown> {
  const source: Record<string, unknown> = { ...result, collection_item: result.collection_item_id }
  const shaped: Record<string, unknown> = {}
  for (const field of pythonFields) {
    const value = source[field]
    if (value !== null && value !== undefined) shaped[field] = value
  }
  return shaped
}

function table(results: readonly LookupResult[]): string {
  return renderTable(
    ['Type', 'Artifact', 'Collection', 'Parent Collection', 'Collection Item'],
    results.map((result) => [
      result.result_type.toUpperCase(),
      result.artifact,
      result.collection_info === null
        ? result.collection
        : `${result.collection_info.name}@${result.collection_info.category} (${result.collection})`,
      result.parent_collection_lookup,
      result.collection_item_id,
    ]),
  )
}

async function lookupOptions(context: CommandContext) {
  return {
    workspace: await context.workspace(),
    defaultCategory: context.string('default-category'),
    expectType: context.string('expect-type') as LookupChildType | undefined,
    // Sent by the Python client as work_request, which Debusine 0.16.2 ignores: accepted, not sent.
    workRequest: context.integer('workflow'),
  }
}

/** `collection lookup-single`. */
export async function lookupSingle(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const result = await client.lookups.single(
    { lookup: context.arguments.LOOKUP as string, ...(await lookupOptions(context)) },
    { signal: context.signal },
  )
  context.print({ json: result, yaml: pythonShape(result), human: () => table([result]) })
  return undefined
}

/** `collection lookup-multiple`: lookups from the arguments, or `{lookups: [...]}` from `--data`/stdin. */
export async function lookupMultiple(context: CommandContext): Promise<undefined> {
  let lookups: unknown[] = (context.arguments['LOOKUP'] as string[] | undefined) ?? []
  if (lookups.length === 0) {
    const data = await context.readData(true)
    if (!Array.isArray(data.lookups)) {
      throw new UsageError('the data must be a mapping with a "lookups" list', context.command.path)
    }
    lookups = data.lookups as unknown[]
  }
  const client = await context.client()
  const results = await client.lookups.multiple(
    { lookup: lookups as never, ...(await lookupOptions(context)) },
    { signal: context.signal },
  )
  context.print({ json: results, yaml: results.map(pythonShape), human: () => table(results) })
  return undefined
}
