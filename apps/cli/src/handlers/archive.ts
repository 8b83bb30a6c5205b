import {
  archiveCollection,
  packageCopyRequest,
  type CollectionItem,
  type CollectionTokenGrant,
  type PackageCopyInput,
} from '@debusine-ts/client'
import { formatCollectionName, linkHref, type Links } from '@debusine-ts/models'
import { type Field, printItem, printItems, printSuccess, printWorkRequest, webPage } from './render.js'
import { type HandlerOf, pythonShapes } from '@debusine-ts/cli-kit'
import type { archiveCommands } from './archive.commands.js'

/**
 * `archive suite create`: a `debian:suite` collection, and with `--base-workflow-template`
 * its relations and `publish-to-SUITE` template (`client.archive.createSuite`). Prints
 * `{result, suite, relations?, workflow_template?}` (web URLs).
 */
export const suiteCreate: HandlerOf<typeof archiveCommands.suiteCreate> = async (context, values) => {
  const client = await context.client()
  const created = await client.archive.createSuite(
    {
      name: values.suite,
      architectures: values.architecture,
      components: values.component ?? [],
      baseTemplate: values.baseWorkflowTemplate,
    },
    await context.inWorkspace(values.workspace),
  )
  const webUrl = (links: Links): string => client.webuiUrl(linkHref(links.webui_self ?? '/'))
  const summary: Record<string, unknown> = { result: 'success', suite: webUrl(created.suite.links) }
  if (created.relations.length > 0) {
    summary.relations = Object.fromEntries(
      created.relations.map((relation) => [relation.type, formatCollectionName(relation.target)]),
    )
  }
  if (created.workflowTemplate !== undefined) {
    summary.workflow_template = webUrl(created.workflowTemplate.links)
  }
  await context.print({
    json: { ...summary, collection: created.suite, template: created.workflowTemplate },
    yaml: summary,
  })
}

function itemField(item: CollectionItem, name: string): unknown {
  return (item.data as Record<string, unknown> | null | undefined)?.[name]
}

const packageColumns: readonly Field<CollectionItem>[] = [
  ['Name', (item) => itemField(item, 'package') ?? itemField(item, 'srcpkg_name') ?? item.name],
  ['Version', (item) => itemField(item, 'version') ?? itemField(item, 'srcpkg_version')],
  ['Architecture', (item) => itemField(item, 'architecture') ?? 'source'],
]

/** `archive package list --suite S`: table Name / Version / Architecture. */
export const packageList: HandlerOf<typeof archiveCommands.packageList> = async (context, values) => {
  const client = await context.client()
  const items = await client.archive
    .listPackages(values.suite, await context.inWorkspace(values.workspace))
    .toArray({ limit: Infinity })
  await printItems(context, items, undefined, packageColumns)
}

/** `archive package show --suite S NAME_VERSION[_ARCH]`. */
export const packageShow: HandlerOf<typeof archiveCommands.packageShow> = async (context, values) => {
  const client = await context.client()
  const item = await client.collections.items.get(
    archiveCollection(values.suite),
    values.name,
    await context.inWorkspace(values.workspace),
  )
  await printItem(context, item, undefined, [
    ['Name', (shown) => shown.name],
    ['Category', (shown) => shown.category],
    ['Data', (shown) => shown.data],
  ])
}

/**
 * `archive package remove --suite S PACKAGE...`: the matching packages of the suite
 * removed (`Removed: NAME`), or only listed with `--dry-run` (`client.archive.removePackages`).
 */
export const packageRemove: HandlerOf<typeof archiveCommands.packageRemove> = async (context, values) => {
  const { suite, binary, dryRun } = values
  const client = await context.client()
  const matches = await client.archive.removePackages(
    suite,
    { names: values.packages, version: values.packageVersion, architecture: values.architecture, binary },
    {
      ...(await context.inWorkspace(values.workspace)),
      dryRun,
      onRemoved: (item) => context.feedback(`Removed: ${item.name}`),
    },
  )
  const found = matches.flatMap((match) => match.items.map((item) => item.name))
  for (const match of matches.filter((candidate) => candidate.items.length === 0)) {
    context.warn(`no ${binary ? 'binary' : 'source'} package ${match.name} in ${suite}`)
  }
  if (dryRun) for (const name of found) context.io.stderr.write(`Would remove: ${name}\n`)
  if (context.format !== 'human') {
    await context.print({ json: { result: 'success', dry_run: dryRun, removed: found } })
  }
  return found.length === 0 ? 3 : 0
}

/**
 * `archive package copy`: the `package_publish` workflow copying SOURCE (and optionally
 * its binaries) to another suite (`client.archive.copyPackage`); `--dry-run` prints its
 * task data instead.
 */
export const packageCopy: HandlerOf<typeof archiveCommands.packageCopy> = async (context, values) => {
  const input: PackageCopyInput = {
    source: values.source,
    version: values.sourceVersion,
    fromSuite: values.fromSuite,
    toSuite: values.toSuite,
    fromWorkspace: await context.workspace(values.fromWorkspace),
    toWorkspace: values.toWorkspace,
    includeBinaries: values.includeBinaries,
    suiteVariables: { component: values.component, section: values.section, priority: values.priority },
    move: values.move,
    unembargo: values.unembargo,
  }
  if (values.dryRun) {
    const { taskName, workspace, taskData } = packageCopyRequest(input, undefined)
    await printItem(context, { task_name: taskName, workspace, task_data: taskData }, undefined, [
      ['Task name', (request) => request.task_name],
      ['Workspace', (request) => request.workspace],
      ['Task data', (request) => request.task_data],
    ])
    return
  }
  const client = await context.client()
  const workflow = await client.archive.copyPackage(input, { signal: context.signal })
  context.feedback(`Copy requested: ${webPage(client, workflow.url)}`)
  await printWorkRequest(context, client, workflow)
}

/** A grant for humans; its table leaves out the key, shown only when a grant minted it. */
const grantFields: readonly Field<CollectionTokenGrant>[] = [
  ['Token type', (grant) => grant.token_type],
  ['Token hash', (grant) => grant.token_hash],
  ['Token key (only shown once)', (grant) => grant.token_key ?? ''],
  ['Username', (grant) => grant.username],
  ['Comment', (grant) => grant.comment],
  ['Role', (grant) => grant.role],
]

/**
 * `archive token grant ROLE`: the role on the archive (or `--suite`) to an existing
 * external-user token (`--token HASH`) or to a new token for `--external-username`,
 * whose key is shown this once.
 */
export const tokenGrant: HandlerOf<typeof archiveCommands.tokenGrant> = async (context, values) => {
  const client = await context.client()
  const grant = await client.collections.tokens.grant(
    archiveCollection(values.suite),
    {
      tokenHash: values.token,
      username: values.externalUsername,
      comment: values.comment,
      role: values.role,
    },
    await context.inWorkspace(values.workspace),
  )
  await printItem(context, grant, pythonShapes.collectionTokenGrant, grantFields)
}

/** `archive token list`: the tokens granted roles on the archive (or `--suite`). */
export const tokenList: HandlerOf<typeof archiveCommands.tokenList> = async (context, values) => {
  const client = await context.client()
  const grants = await client.collections.tokens
    .list(archiveCollection(values.suite), await context.inWorkspace(values.workspace))
    .toArray({ limit: Infinity })
  const columns = grantFields.filter(([title]) => !title.startsWith('Token key'))
  await printItems(context, grants, pythonShapes.collectionTokenGrant, columns)
}

/** `archive token revoke HASH ROLE`: the token's role on the archive (or `--suite`). */
export const tokenRevoke: HandlerOf<typeof archiveCommands.tokenRevoke> = async (context, values) => {
  const { hash, role } = values
  const client = await context.client()
  await client.collections.tokens.revoke(
    archiveCollection(values.suite),
    hash,
    role,
    await context.inWorkspace(values.workspace),
  )
  context.feedback(`Role '${role}' revoked from ${hash}.`)
  await printSuccess(context)
}

export { key, sources, wait, packagePublished, suiteEnsure } from './archive-repository.js'
