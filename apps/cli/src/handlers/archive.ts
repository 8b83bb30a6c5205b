import { CollectionCategory, type Collection } from '@debusine-ts/models'
import type { CollectionItem } from '@debusine-ts/client'
import { CliError } from '../cli-error.js'
import type { CommandContext } from '../command-context.js'
import { renderFields, renderTable } from '../table.js'
import { UsageError } from '../usage-error.js'

const sourceCategory = 'debian:source-package'
const binaryCategory = 'debian:binary-package'

function suiteOf(context: CommandContext): { name: string; category: string } {
  const name = context.string('suite')
  if (name === undefined)
    throw new UsageError('the following arguments are required: --suite', context.command.path)
  return { name, category: CollectionCategory.SUITE }
}

function itemField(item: CollectionItem, name: string): unknown {
  return (item.data as Record<string, unknown> | null | undefined)?.[name]
}

/**
 * `archive suite create`: a `debian:suite` collection with its components (default
 * `main`) and architectures. Prints `{result, suite: <web URL>}`.
 */
export async function suiteCreate(context: CommandContext): Promise<undefined> {
  if (context.string('base-workflow-template') !== undefined) {
    throw new CliError('--base-workflow-template is not supported by debusine-ts yet.', {
      hint: 'Create the suite without it, or use the Python client for this step.',
    })
  }
  if (context.strings('architecture').length === 0) {
    throw new UsageError('the following arguments are required: --architecture', context.command.path)
  }
  const components = context.strings('component')
  const client = await context.client()
  const suite: Collection = await client.collections.create(
    {
      name: context.arguments.SUITE as string,
      category: CollectionCategory.SUITE,
      data: {
        components: components.length === 0 ? ['main'] : components,
        architectures: context.strings('architecture'),
      },
      full_history_retention_period: null,
      metadata_only_retention_period: null,
    },
    { workspace: await context.workspace(), signal: context.signal },
  )
  const summary = {
    result: 'success',
    suite: client.webuiUrl(typeof suite.links.webui_self === 'string' ? suite.links.webui_self : '/'),
  }
  context.print({ json: { ...summary, collection: suite }, yaml: summary })
  return undefined
}

function packageRows(items: readonly CollectionItem[]): unknown[][] {
  return items.map((item) => [
    itemField(item, 'package') ?? itemField(item, 'srcpkg_name') ?? item.name,
    itemField(item, 'version') ?? itemField(item, 'srcpkg_version'),
    itemField(item, 'architecture') ?? 'source',
  ])
}

/** `archive package list --suite S`: table Name / Version / Architecture. */
export async function packageList(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const items = await client.collections.items
    .list(suiteOf(context), { workspace: await context.workspace(), signal: context.signal })
    .toArray({ limit: Infinity })
  context.print({
    json: items,
    yaml: items,
    human: () => renderTable(['Name', 'Version', 'Architecture'], packageRows(items)),
  })
  return undefined
}

/** `archive package show --suite S NAME_VERSION[_ARCH]`. */
export async function packageShow(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const item = await client.collections.items.get(suiteOf(context), context.arguments.ITEM_NAME as string, {
    workspace: await context.workspace(),
    signal: context.signal,
  })
  context.print({
    json: item,
    yaml: item,
    human: () =>
      renderFields([
        ['Name', item.name],
        ['Category', item.category],
        ['Data', item.data],
      ]),
  })
  return undefined
}

/**
 * `archive package remove --suite S PACKAGE...`: the source packages (or, with `--binary`,
 * binary packages) of these names, optionally of one version and architecture; each
 * removed (`Removed: NAME`), or only listed with `--dry-run`.
 */
export async function packageRemove(context: CommandContext): Promise<number> {
  const client = await context.client()
  const workspace = await context.workspace()
  const suite = suiteOf(context)
  const binary = context.flag('binary')
  const version = context.string('package-version')
  const architecture = context.string('architecture')
  const found: CollectionItem[] = []
  for (const name of context.arguments.PACKAGE as string[]) {
    const items = await client.collections.items
      .list(suite, {
        workspace,
        nameStartsWith: version === undefined ? `${name}_` : `${name}_${version}`,
        category: binary ? binaryCategory : sourceCategory,
        signal: context.signal,
      })
      .toArray({ limit: Infinity })
    const matching = items.filter((item) => {
      const parts = item.name.split('_')
      return (
        parts[0] === name &&
        (version === undefined || parts[1] === version) &&
        (architecture === undefined || parts[2] === architecture)
      )
    })
    if (matching.length === 0)
      context.warn(`no ${binary ? 'binary' : 'source'} package ${name} in ${suite.name}`)
    found.push(...matching)
  }
  const dryRun = context.flag('dry-run')
  for (const item of found) {
    if (dryRun) context.io.stderr.write(`Would remove: ${item.name}\n`)
    else {
      await client.collections.items.delete(suite, item.name, { workspace, signal: context.signal })
      context.feedback(`Removed: ${item.name}`)
    }
  }
  if (context.format !== 'human') {
    context.print({ json: { result: 'success', dry_run: dryRun, removed: found.map((item) => item.name) } })
  }
  return found.length === 0 ? 3 : 0
}
