import { CollectionCategory } from '@debusine-ts/models'
import { parse, stringify } from 'yaml'
import { CliError } from '../cli-error.js'
import type { CommandContext } from '../command-context.js'
import { editText } from '../editor.js'
import { renderTable } from '../table.js'
import { UsageError } from '../usage-error.js'

interface CollectionName {
  name: string
  category: string
}

// The categories a relation may name: every real one (the test category is for tests only).
const relationCategories = Object.values(CollectionCategory)
  .filter((category) => category !== CollectionCategory.TEST)
  .sort()

/** `NAME@CATEGORY` → name and category, checked as the Python client does (a usage error, exit 2). */
function collectionName(text: string, option: string, command: readonly string[]): CollectionName {
  const at = text.indexOf('@')
  const name = at === -1 ? '' : text.slice(0, at)
  const category = at === -1 ? '' : text.slice(at + 1)
  if (name === '' || !(relationCategories as readonly string[]).includes(category)) {
    throw new UsageError(
      `argument ${option}: Invalid collection identifier: '${text}'. It must be NAME@CATEGORY, the category one of: ${relationCategories.join(', ')}`,
      command,
    )
  }
  return { name, category }
}

const text = (collection: CollectionName): string => `${collection.name}@${collection.category}`

/** `collection relation list`: table From / To / Type / Position. */
export async function list(context: CommandContext): Promise<undefined> {
  const path = context.command.path
  const from = context.string('from')
  const to = context.string('to')
  const client = await context.client()
  const relations = await client.collections.relations
    .list(
      {
        source: from === undefined ? undefined : collectionName(from, '--from', path),
        target: to === undefined ? undefined : collectionName(to, '--to', path),
        type: context.string('type'),
      },
      { workspace: await context.workspace(), signal: context.signal },
    )
    .toArray({ limit: Infinity })
  context.print({
    json: relations,
    yaml: relations.map((relation) => ({
      source_collection: {
        name: relation.source_collection.name,
        category: relation.source_collection.category,
      },
      target_collection: {
        name: relation.target_collection.name,
        category: relation.target_collection.category,
      },
      type: relation.type,
      position: relation.position,
    })),
    human: () =>
      renderTable(
        ['From', 'To', 'Type', 'Position'],
        relations.map((relation) => [
          text(relation.source_collection),
          text(relation.target_collection),
          relation.type,
          relation.position,
        ]),
      ),
  })
  return undefined
}

/** The targets the user wrote in the editor: a YAML list of `NAME@CATEGORY` strings. */
function parseEdited(edited: string, path: readonly string[]): CollectionName[] {
  let value: unknown
  try {
    value = parse(edited)
  } catch (error) {
    throw new CliError(`Invalid YAML: ${(error as Error).message}`)
  }
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
export async function edit(context: CommandContext): Promise<undefined> {
  const path = context.command.path
  const source = collectionName(context.arguments['FROM-NAME@CATEGORY'] as string, 'FROM-NAME@CATEGORY', path)
  const type = context.arguments.TYPE as string
  const changes = ['set', 'append', 'prepend', 'remove'] as const
  const given = Object.fromEntries(
    changes.map((option) => [
      option,
      context.strings(option).map((item) => collectionName(item, `--${option}`, path)),
    ]),
  ) as Record<(typeof changes)[number], CollectionName[]>
  const editing = context.flag('edit')
  if (editing && changes.some((option) => context.options[option] !== undefined)) {
    throw new UsageError('--edit cannot be combined with --set, --append, --prepend or --remove', path)
  }
  const client = await context.client()
  const workspace = await context.workspace()
  const current = await client.collections.relations.getTargets(source, type, {
    workspace,
    signal: context.signal,
  })
  const before = current.relations.map((relation) => ({
    name: relation.target_collection.name,
    category: relation.target_collection.category,
  }))
  let targets = [...before]
  if (editing) {
    targets = parseEdited(await editText(context.io, stringify(before.map(text))), path)
  } else {
    if (context.options.set !== undefined) targets = [...given.set]
    const present = (item: CollectionName): boolean => targets.some((target) => text(target) === text(item))
    for (const item of given.append) if (!present(item)) targets.push(item)
    for (const item of [...given.prepend].reverse()) if (!present(item)) targets.unshift(item)
    const removed = new Set(given.remove.map(text))
    targets = targets.filter((target) => !removed.has(text(target)))
  }
  if (JSON.stringify(targets.map(text)) === JSON.stringify(before.map(text))) {
    // As the Python client: nothing is sent and nothing printed (but --json gets the targets).
    context.feedback('No changes.')
    if (context.format === 'json') context.print({ json: { targets: before } })
    return undefined
  }
  const replaced = await client.collections.relations.replace(source, type, targets, {
    workspace,
    ifMatch: current.etag ?? undefined,
    signal: context.signal,
  })
  const result = {
    targets: replaced.targets.map((target) => ({ name: target.name, category: target.category })),
  }
  context.print({ json: result, yaml: result })
  return undefined
}
