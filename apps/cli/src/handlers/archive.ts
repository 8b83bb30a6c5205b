import {
  CollectionCategory,
  LookupChildType,
  linkHref,
  type Collection,
  type WorkflowTemplate,
} from '@debusine-ts/models'
import type { CollectionItem, CollectionTokenGrant, DebusineClient } from '@debusine-ts/client'
import { CliError } from '../cli-error.js'
import type { CommandContext } from '../kit/context.js'
import { isSdkError } from '../error-kind.js'
import { collectionTokenGrantShape, shaped, workRequestShape } from '../python-shapes.js'
import { renderFields, renderTable } from '../table.js'
import { workRequestFields } from './render.js'

const sourceCategory = 'debian:source-package'
const binaryCategory = 'debian:binary-package'
const pipelineTask = 'debian_pipeline'
const publishTask = 'package_publish'
/** The options of the commands working on one suite. */
interface SuiteOptions {
  workspace: string | undefined
  suite: string
}

/** The options of `archive token` commands: the archive, or one of its suites. */
interface TokenOptions {
  workspace: string | undefined
  suite: string | undefined
}

function suiteOf(values: SuiteOptions): { name: string; category: string } {
  return { name: values.suite, category: CollectionCategory.SUITE }
}

function itemField(item: CollectionItem, name: string): unknown {
  return (item.data as Record<string, unknown> | null | undefined)?.[name]
}

/**
 * The base workflow template of `archive suite create`: searched in the workspace, then in
 * the workspaces it inherits from in the same scope (another scope may not be reachable
 * with this client); it must run `debian_pipeline`.
 */
async function baseTemplate(
  context: CommandContext,
  client: DebusineClient,
  workspace: string,
  name: string,
): Promise<WorkflowTemplate> {
  const scope = (await context.server()).scope
  const chain = await client.workspaces.getInheritance(workspace, { signal: context.signal })
  const workspaces = [
    workspace,
    ...chain.chain
      .filter((element) => element.scope === scope && typeof element.workspace === 'string')
      .map((element) => element.workspace as string),
  ]
  for (const candidate of workspaces) {
    try {
      const template = await client.workflowTemplates.get(name, {
        workspace: candidate,
        signal: context.signal,
      })
      if (template.task_name !== pipelineTask) {
        throw new CliError(`Workflow template '${template.name}' is not a ${pipelineTask} template.`, {
          hint: `It runs ${template.task_name}; name a template that runs ${pipelineTask}.`,
        })
      }
      return template
    } catch (error) {
      if (!isSdkError(error, 'NotFoundError')) throw error
    }
  }
  throw new CliError(`Workflow template '${name}' not found in any parent workspace in this scope.`, {
    hint: `Searched: ${workspaces.join(', ')}.`,
  })
}

/** The `NAME@CATEGORY` of the collection a base template parameter names, looked up in the workspace. */
async function collectionIdentifier(
  client: DebusineClient,
  workspace: string,
  lookup: unknown,
  parameter: string,
  context: CommandContext,
): Promise<string> {
  try {
    const found = await client.lookups.single(
      {
        lookup: lookup as string,
        expectType: LookupChildType.COLLECTION,
        defaultCategory: CollectionCategory.SUITE,
        workspace,
      },
      { signal: context.signal },
    )
    const info =
      found.collection_info ??
      (await client.collections.getById(found.collection ?? 0, { workspace, signal: context.signal }))
    return `${info.name}@${info.category}`
  } catch (error) {
    if (!isSdkError(error, 'NotFoundError') && !isSdkError(error, 'BadRequestError')) throw error
    throw new CliError(
      `Cannot find collection ${JSON.stringify(lookup)} (from '${parameter}' field in the base template) ` +
        `in workspace '${workspace}' or inherited workspaces.`,
      { cause: error, hint: (error as Error).message },
    )
  }
}

/** The base template's static parameters, adjusted to publish to the new suite. */
function publishParameters(
  base: Readonly<Record<string, unknown>>,
  suite: string,
  architectures: readonly string[],
): Record<string, unknown> {
  const parameters: Record<string, unknown> = { ...base }
  delete parameters.enable_upload
  parameters.suite = `${suite}@${CollectionCategory.SUITE}`
  // `all` first: architecture-independent packages are published too, as users expect.
  parameters.architectures_allowlist = architectures.includes('all')
    ? [...architectures]
    : ['all', ...architectures]
  return parameters
}

/** Static parameters of a base template copied into relations of the new suite. */
const relationOfParameter = [
  ['qa_suite', 'suite-targeting'],
  ['regression_tracking_qa_results', 'suite-default-qa-results'],
] as const

/**
 * `archive suite create`: a `debian:suite` collection with its components (default
 * `main`) and architectures. With `--base-workflow-template`, also the relations the
 * template's `qa_suite`/`regression_tracking_qa_results` name, and a `publish-to-SUITE`
 * template. Prints `{result, suite, relations?, workflow_template?}` (web URLs).
 */
export async function suiteCreate(
  context: CommandContext,
  values: {
    suite: string
    workspace: string | undefined
    architecture: string[]
    component: string[] | undefined
    baseWorkflowTemplate: string | undefined
  },
): Promise<undefined> {
  const architectures = values.architecture
  const components = values.component ?? []
  const name = values.suite
  const client = await context.client()
  const workspace = await context.workspace(values.workspace)
  const baseName = values.baseWorkflowTemplate
  // Checked before anything is created, so a wrong name leaves nothing behind.
  const base = baseName === undefined ? undefined : await baseTemplate(context, client, workspace, baseName)
  const suite: Collection = await client.collections.create(
    {
      name,
      category: CollectionCategory.SUITE,
      data: { components: components.length === 0 ? ['main'] : components, architectures },
      full_history_retention_period: null,
      metadata_only_retention_period: null,
    },
    { workspace, signal: context.signal },
  )
  const summary: Record<string, unknown> = {
    result: 'success',
    suite: client.webuiUrl(linkHref(suite.links.webui_self ?? '/')),
  }
  const json: Record<string, unknown> = { collection: suite }
  if (base !== undefined) {
    const relations: Record<string, string> = {}
    for (const [parameter, type] of relationOfParameter) {
      const lookup = base.static_parameters[parameter]
      if (lookup === undefined || lookup === null) continue
      const target = await collectionIdentifier(client, workspace, lookup, parameter, context)
      const [targetName, targetCategory] = [
        target.slice(0, target.lastIndexOf('@')),
        target.slice(target.lastIndexOf('@') + 1),
      ]
      await client.collections.relations.replace(
        suite,
        type,
        [{ name: targetName, category: targetCategory }],
        { workspace, signal: context.signal },
      )
      relations[type] = target
    }
    if (Object.keys(relations).length > 0) summary.relations = relations
    const template = await client.workflowTemplates.create(
      {
        name: `publish-to-${name}`,
        task_name: pipelineTask,
        static_parameters: publishParameters(base.static_parameters, name, architectures),
        runtime_parameters: base.runtime_parameters,
        priority: base.priority,
      },
      { workspace, signal: context.signal },
    )
    summary.workflow_template = client.webuiUrl(linkHref(template.links.webui_self ?? '/'))
    json.template = template
  }
  context.print({ json: { ...summary, ...json }, yaml: summary })
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
export async function packageList(context: CommandContext, values: SuiteOptions): Promise<undefined> {
  const client = await context.client()
  const items = await client.collections.items
    .list(suiteOf(values), { workspace: await context.workspace(values.workspace), signal: context.signal })
    .toArray({ limit: Infinity })
  context.print({
    json: items,
    yaml: items,
    human: () => renderTable(['Name', 'Version', 'Architecture'], packageRows(items)),
  })
  return undefined
}

/** `archive package show --suite S NAME_VERSION[_ARCH]`. */
export async function packageShow(
  context: CommandContext,
  values: SuiteOptions & { name: string },
): Promise<undefined> {
  const client = await context.client()
  const item = await client.collections.items.get(suiteOf(values), values.name, {
    workspace: await context.workspace(values.workspace),
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
export async function packageRemove(
  context: CommandContext,
  values: SuiteOptions & {
    packages: string[]
    dryRun: boolean
    packageVersion: string | undefined
    binary: boolean
    architecture: string | undefined
  },
): Promise<number> {
  const client = await context.client()
  const workspace = await context.workspace(values.workspace)
  const suite = suiteOf(values)
  const { binary, packageVersion: version, architecture } = values
  const found: CollectionItem[] = []
  for (const name of values.packages) {
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
  const dryRun = values.dryRun
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

/**
 * `archive package copy`: a `package_publish` workflow (started without a template, so
 * the workspace owners only) copying SOURCE, and optionally its binaries, from one suite
 * to another; `--dry-run` prints the task data instead.
 */
export async function packageCopy(
  context: CommandContext,
  values: {
    source: string
    dryRun: boolean
    fromWorkspace: string | undefined
    fromSuite: string
    toWorkspace: string | undefined
    toSuite: string
    sourceVersion: string | undefined
    includeBinaries: boolean
    component: string | undefined
    section: string | undefined
    priority: string | undefined
    move: boolean
    unembargo: boolean
  },
): Promise<undefined> {
  const fromWorkspace = await context.workspace(values.fromWorkspace)
  const toWorkspace = values.toWorkspace ?? fromWorkspace
  const fromSuiteOption = values.fromSuite
  const toSuiteOption = values.toSuite
  let fromSuite = `${fromSuiteOption}@${CollectionCategory.SUITE}`
  // A suite of another workspace is named through a lookup of that workspace.
  if (fromWorkspace !== toWorkspace) fromSuite = `//workspace=${fromWorkspace}/${fromSuite}`
  const source = values.source
  const version = values.sourceVersion
  const sourceArtifact =
    version === undefined
      ? `${fromSuite}/source:${source}`
      : `${fromSuite}/source-version:${source}_${version}`
  const suiteVariables: Record<string, string> = {}
  for (const name of ['component', 'section', 'priority'] as const) {
    const value = values[name]
    if (value !== undefined) suiteVariables[name] = value
  }
  const taskData: Record<string, unknown> = {
    source_artifact: sourceArtifact,
    target_suite: `${toSuiteOption}@${CollectionCategory.SUITE}`,
    suite_variables: suiteVariables,
  }
  if (values.includeBinaries) {
    taskData.binary_artifacts = { collection: fromSuite, lookup__binaries: sourceArtifact }
  }
  if (values.move) taskData.move = true
  if (values.unembargo) taskData.unembargo = true
  if (values.dryRun) {
    const request = { task_name: publishTask, workspace: toWorkspace, task_data: taskData }
    context.print({
      json: request,
      yaml: request,
      human: () =>
        renderFields([
          ['Task name', publishTask],
          ['Workspace', toWorkspace],
          ['Task data', taskData],
        ]),
    })
    return undefined
  }
  const client = await context.client()
  const workflow = await client.workflows.start(
    { taskName: publishTask, workspace: toWorkspace, taskData },
    { signal: context.signal },
  )
  const url = client.webuiUrl(workflow.url)
  context.feedback(`Copy requested: ${url}`)
  context.print({
    json: workflow,
    yaml: shaped(workflow, workRequestShape),
    human: () => workRequestFields(workflow, url),
  })
  return undefined
}

/** The collection of `archive token`: the suite given with `--suite`, else the archive. */
function tokenCollection(values: TokenOptions): { name: string; category: string } {
  const suite = values.suite
  return suite === undefined
    ? { name: '_', category: CollectionCategory.ARCHIVE }
    : { name: suite, category: CollectionCategory.SUITE }
}

function grantRows(grants: readonly CollectionTokenGrant[]): unknown[][] {
  return grants.map((grant) => [
    grant.token_type,
    grant.token_hash,
    grant.username,
    grant.comment,
    grant.role,
  ])
}

/**
 * `archive token grant ROLE`: the role on the archive (or `--suite`) to an existing
 * external-user token (`--token HASH`) or to a new token for `--external-username`,
 * whose key is shown this once.
 */
export async function tokenGrant(
  context: CommandContext,
  values: TokenOptions & {
    role: 'viewer'
    token: string | undefined
    externalUsername: string | undefined
    comment: string
  },
): Promise<undefined> {
  const client = await context.client()
  const grant = await client.collections.tokens.grant(
    tokenCollection(values),
    {
      tokenHash: values.token,
      username: values.externalUsername,
      comment: values.comment,
      role: values.role,
    },
    { workspace: await context.workspace(values.workspace), signal: context.signal },
  )
  context.print({
    json: grant,
    yaml: shaped(grant, collectionTokenGrantShape),
    human: () =>
      renderFields([
        ['Token type', grant.token_type],
        ['Token hash', grant.token_hash],
        ['Token key (only shown once)', grant.token_key ?? ''],
        ['Username', grant.username],
        ['Comment', grant.comment],
        ['Role', grant.role],
      ]),
  })
  return undefined
}

/** `archive token list`: the tokens granted roles on the archive (or `--suite`). */
export async function tokenList(context: CommandContext, values: TokenOptions): Promise<undefined> {
  const client = await context.client()
  const grants = await client.collections.tokens
    .list(tokenCollection(values), {
      workspace: await context.workspace(values.workspace),
      signal: context.signal,
    })
    .toArray({ limit: Infinity })
  context.print({
    json: grants,
    yaml: grants.map((grant) => shaped(grant, collectionTokenGrantShape)),
    human: () => renderTable(['Token type', 'Token hash', 'Username', 'Comment', 'Role'], grantRows(grants)),
  })
  return undefined
}

/** `archive token revoke HASH ROLE`: the token's role on the archive (or `--suite`). */
export async function tokenRevoke(
  context: CommandContext,
  values: TokenOptions & { hash: string; role: 'viewer' },
): Promise<undefined> {
  const { hash, role } = values
  const client = await context.client()
  await client.collections.tokens.revoke(tokenCollection(values), hash, role, {
    workspace: await context.workspace(values.workspace),
    signal: context.signal,
  })
  context.feedback(`Role '${role}' revoked from ${hash}.`)
  if (context.format === 'json') context.print({ json: { result: 'success' } })
  return undefined
}
