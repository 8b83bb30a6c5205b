import {
  CollectionCategory,
  CollectionRelationType,
  formatCollectionName,
  parseCollectionName,
  ValidationError,
  type CollectionName,
} from '@debusine-ts/models'
import { applyRelationTargetChanges } from '@debusine-ts/client'
import {
  CliError,
  type HandlerOf,
  UsageError,
  choiceOf,
  editYaml,
  withYamlFailure,
} from '@debusine-ts/cli-kit'
import type { collectionRelationCommands } from './collection-relation.commands.js'
import { itemTable } from './render.js'

// The categories a relation may name: every real one (the test category is for tests only).
const relationCategories = Object.values(CollectionCategory)
  .filter((category) => category !== CollectionCategory.TEST)
  .sort()

/** `NAME@CATEGORY` → name and category, checked as the Python client does (a usage error, exit 2). */
function collectionName(text: string, option: string, command: readonly string[]): CollectionName {
  try {
    return parseCollectionName(text, { categories: relationCategories, field: option })
  } catch (error) {
    if (!ValidationError.isInstance(error)) throw error
    throw new UsageError(
      `argument ${option}: Invalid collection identifier: '${text}'. It must be NAME@CATEGORY, the category one of: ${relationCategories.join(', ')}`,
      command,
    )
  }
}

const text = formatCollectionName
// The name and category alone, as the Python client prints a collection of a relation.
const nameOf = ({ name, category }: CollectionName): CollectionName => ({ name, category })

function relationType(value: string, label: string, path: readonly string[]): CollectionRelationType {
  return choiceOf(value, Object.values(CollectionRelationType).sort(), label, path)
}

/** `collection relation list`: table From / To / Type / Position. */
export const list: HandlerOf<typeof collectionRelationCommands.list> = async (context, values) => {
  const path = context.path
  const { from, to } = values
  const filter = {
    source: from === undefined ? undefined : collectionName(from, '--from', path),
    target: to === undefined ? undefined : collectionName(to, '--to', path),
    type: values.type === undefined ? undefined : relationType(values.type, '--type', path),
  }
  const client = await context.client()
  const relations = await client.collections.relations
    .list(filter, await context.inWorkspace(values.workspace))
    .toArray({ limit: Infinity })
  await context.print({
    json: relations,
    yaml: relations.map((relation) => ({
      source_collection: nameOf(relation.source_collection),
      target_collection: nameOf(relation.target_collection),
      type: relation.type,
      position: relation.position,
    })),
    human: () =>
      itemTable(relations, [
        ['From', (relation) => text(relation.source_collection)],
        ['To', (relation) => text(relation.target_collection)],
        ['Type', (relation) => relation.type],
        ['Position', (relation) => relation.position],
      ]),
  })
}

/** The targets the user wrote in the editor: a YAML list of `NAME@CATEGORY` strings. */
function editedTargets(value: unknown, path: readonly string[]): CollectionName[] {
  if (value === null || value === undefined) return []
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
    throw new CliError('The edited targets must be a YAML list of NAME@CATEGORY strings.')
  }
  return (value as string[]).map((item) => collectionName(item, '--edit', path))
}

/**
 * `collection relation edit`: read the targets (with their ETag), apply `--set`, `--append`,
 * `--prepend`, `--remove` (or the editor), and replace them only if they changed, guarded by
 * `If-Match`. Prints `{targets: [...]}`.
 */
export const edit: HandlerOf<typeof collectionRelationCommands.edit> = async (context, values) => {
  const path = context.path
  const source = collectionName(values.source, 'FROM-NAME@CATEGORY', path)
  const type = relationType(values.type, 'TYPE', path)
  const names = (option: 'set' | 'append' | 'prepend' | 'remove'): CollectionName[] | undefined =>
    values[option]?.map((item) => collectionName(item, `--${option}`, path))
  const changes = {
    set: names('set'),
    append: names('append'),
    prepend: names('prepend'),
    remove: names('remove'),
  }
  const editing = values.edit
  if (editing && Object.values(changes).some((list) => list !== undefined)) {
    throw new UsageError('--edit cannot be combined with --set, --append, --prepend or --remove', path)
  }
  const client = await context.client()
  const inWorkspace = await context.inWorkspace(values.workspace)
  const current = await client.collections.relations.getTargets(source, type, inWorkspace)
  const before = current.relations.map((relation) => nameOf(relation.target_collection))
  const targets = editing
    ? await editYaml(context.io, before.map(text), (value) => editedTargets(value, path))
    : applyRelationTargetChanges(before, changes)
  if (JSON.stringify(targets.map(text)) === JSON.stringify(before.map(text))) {
    // As the Python client: nothing is sent and nothing printed (but --json gets the targets).
    context.feedback('No changes.')
    if (context.format === 'json') await context.print({ json: { targets: before } })
    return
  }
  const replaced = await withYamlFailure(
    context.io,
    () =>
      client.collections.relations.replace(source, type, targets, {
        ...inWorkspace,
        ifMatch: current.etag ?? undefined,
      }),
    'Error setting relation targets:',
  )
  const result = { targets: replaced.targets.map(nameOf) }
  await context.print({ json: result, yaml: result })
}
