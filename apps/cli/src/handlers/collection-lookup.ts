import {
  CollectionCategory,
  formatCollectionName,
  LookupChildType,
  type LookupResult,
} from '@debusine-ts/models'
import {
  type CommandContext,
  type HandlerOf,
  type ValuesOf,
  UsageError,
  choiceOf,
  renderTable,
  withYamlFailure,
} from '@debusine-ts/cli-kit'
import type { collectionCommands } from './collection.commands.js'

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
  // 0.16.2 sends the item itself; an earlier server its id.
  const source: Record<string, unknown> = {
    ...result,
    collection_item: result.collection_item ?? result.collection_item_id,
  }
  const set = pythonFields.filter((field) => source[field] !== null && source[field] !== undefined)
  return Object.fromEntries(set.map((field) => [field, source[field]]))
}

function table(results: readonly LookupResult[]): string {
  return renderTable(
    ['Type', 'Artifact', 'Collection', 'Parent Collection', 'Collection Item'],
    results.map((result) => [
      result.result_type.toUpperCase(),
      result.artifact,
      result.collection_info === null
        ? result.collection
        : `${formatCollectionName(result.collection_info)} (${result.collection})`,
      result.parent_collection_lookup,
      result.collection_item === null ? result.collection_item_id : result.collection_item.name,
    ]),
  )
}

/** The options both lookup commands share. */
type LookupOptions = Omit<ValuesOf<typeof collectionCommands.lookupSingle>, 'lookup'>

/** The options checked as argparse checks them (before anything is read or sent). */
function checkedOptions(context: CommandContext, values: LookupOptions) {
  const { defaultCategory, expectType } = values
  const categories = Object.values(CollectionCategory)
  return {
    defaultCategory:
      defaultCategory === undefined
        ? undefined
        : choiceOf(defaultCategory, categories, '--default-category', context.path),
    expectType: choiceOf(expectType, Object.values(LookupChildType), '--expect-type', context.path),
  }
}

async function lookupOptions(context: CommandContext, values: LookupOptions) {
  return {
    ...checkedOptions(context, values),
    workspace: await context.workspace(values.workspace),
    // @NOTE The Python client sends --workflow as work_request, which 0.16.2 ignores, so its
    // workflow-internal lookups fail; the server reads workflow_root.
    workflowRoot: values.workflow,
  }
}

/** `collection lookup-single`. */
export const lookupSingle: HandlerOf<typeof collectionCommands.lookupSingle> = async (context, values) => {
  const options = await lookupOptions(context, values)
  const client = await context.client()
  const result = await withYamlFailure(context.io, () =>
    client.lookups.single({ lookup: values.lookup, ...options }, { signal: context.signal }),
  )
  await context.print({ json: result, yaml: pythonShape(result), human: () => table([result]) })
}

/** `collection lookup-multiple`: lookups from the arguments, or `{lookups: [...]}` from `--data`/stdin. */
export const lookupMultiple: HandlerOf<typeof collectionCommands.lookupMultiple> = async (
  context,
  values,
) => {
  checkedOptions(context, values)
  let lookups: unknown[] = values.lookups
  if (lookups.length === 0) {
    const data = await context.readData(values.data)
    if (!Array.isArray(data.lookups)) {
      throw new UsageError('the data must be a mapping with a "lookups" list', context.path)
    }
    lookups = data.lookups
  }
  const client = await context.client()
  const results = await withYamlFailure(context.io, async () =>
    client.lookups.multiple(
      { lookup: lookups as never, ...(await lookupOptions(context, values)) },
      { signal: context.signal },
    ),
  )
  await context.print({ json: results, yaml: results.map(pythonShape), human: () => table(results) })
}
