import {
  CollectionCategory,
  CollectionRelationType,
  LookupChildType,
  formatCollectionName,
  TaskName,
  type CollectionName,
  type WorkflowTemplate,
} from '@debusine-ts/models'
import { BadRequestError, NotFoundError, type RequestOptions } from '@debusine-ts/transport'
import type { Collections } from '../collections/collections.js'
import type { Lookups } from '../lookups/lookups.js'
import type { WorkflowTemplates } from '../workflow-templates/workflow-templates.js'
import type { Workspaces } from '../workspaces/workspaces.js'
import { BaseTemplateError } from './base-template-error.js'

/**
 * Static parameters of a `debian_pipeline` template that name a collection, and the
 * relation of a new suite to that collection (as the Python client's `archive suite create`).
 */
const relationOfParameter = [
  ['qa_suite', CollectionRelationType.SUITE_TARGETING],
  ['regression_tracking_qa_results', CollectionRelationType.SUITE_DEFAULT_QA_RESULTS],
] as const

/** A relation a new suite gets from its base template. */
export interface SuiteRelationFromTemplate {
  /** The relation type, e.g. `suite-targeting`. */
  type: CollectionRelationType
  /** The collection the relation points to. */
  target: CollectionName
}

/** The resource namespaces the base template search uses. */
export interface BaseTemplateResources {
  workspaces: Workspaces
  workflowTemplates: WorkflowTemplates
  lookups: Lookups
  collections: Collections
  /** The client's scope, if set: inherited workspaces of other scopes are not searched. */
  scope: string | undefined
}

/**
 * The `debian_pipeline` template named `name`, searched in `workspace`, then in the
 * workspaces it inherits from in the client's scope (those of another scope may not be
 * reachable through this client).
 *
 * @throws {BaseTemplateError} when no workspace has it, or it runs another task
 */
export async function findBaseTemplate(
  resources: BaseTemplateResources,
  workspace: string,
  name: string,
  options: RequestOptions,
): Promise<WorkflowTemplate> {
  const { chain } = await resources.workspaces.getInheritance(workspace, options)
  const searched = [
    workspace,
    ...chain.flatMap((element) =>
      typeof element.workspace === 'string' &&
      (resources.scope === undefined || element.scope === resources.scope)
        ? [element.workspace]
        : [],
    ),
  ]
  for (const candidate of searched) {
    let template: WorkflowTemplate
    try {
      template = await resources.workflowTemplates.get(name, { ...options, workspace: candidate })
    } catch (error) {
      if (NotFoundError.isInstance(error)) continue
      throw error
    }
    if (template.task_name !== TaskName.DEBIAN_PIPELINE) {
      throw new BaseTemplateError(
        'base_template_not_pipeline',
        `Workflow template '${template.name}' is not a ${TaskName.DEBIAN_PIPELINE} template. It runs ` +
          `${template.task_name}: name a template that runs ${TaskName.DEBIAN_PIPELINE}.`,
        { template: name, searched },
      )
    }
    return template
  }
  throw new BaseTemplateError(
    'base_template_not_found',
    `Workflow template '${name}' not found in any parent workspace in this scope. Searched: ${searched.join(', ')}.`,
    { template: name, searched },
  )
}

/**
 * The relations a suite created from `template` gets: one per QA parameter the template
 * sets, to the collection that parameter names (looked up in `workspace`, a suite when the
 * lookup names no category).
 *
 * @throws {BaseTemplateError} when a parameter names no collection
 */
export async function relationsFromTemplate(
  resources: BaseTemplateResources,
  workspace: string,
  template: WorkflowTemplate,
  options: RequestOptions,
): Promise<SuiteRelationFromTemplate[]> {
  const relations: SuiteRelationFromTemplate[] = []
  for (const [parameter, type] of relationOfParameter) {
    const lookup = template.static_parameters[parameter]
    if (lookup === undefined || lookup === null) continue
    const target = await collectionOf(
      resources,
      workspace,
      lookup,
      { parameter, template: template.name },
      options,
    )
    relations.push({ type, target })
  }
  return relations
}

async function collectionOf(
  resources: BaseTemplateResources,
  workspace: string,
  lookup: unknown,
  source: { parameter: string; template: string },
  options: RequestOptions,
): Promise<CollectionName> {
  try {
    const found = await resources.lookups.single(
      {
        lookup: lookup as string | number,
        expectType: LookupChildType.COLLECTION,
        defaultCategory: CollectionCategory.SUITE,
        workspace,
      },
      options,
    )
    const info =
      found.collection_info ??
      (await resources.collections.getById(found.collection ?? 0, { ...options, workspace }))
    return { name: info.name, category: info.category }
  } catch (error) {
    if (!NotFoundError.isInstance(error) && !BadRequestError.isInstance(error)) throw error
    throw new BaseTemplateError(
      'base_template_collection_not_found',
      `Cannot find collection ${JSON.stringify(lookup)} (from '${source.parameter}' field in the base template) ` +
        `in workspace '${workspace}' or inherited workspaces: ${(error as Error).message}`,
      { template: source.template, searched: [workspace], cause: error },
    )
  }
}

/**
 * The static parameters of the `publish-to-SUITE` template: the base template's, without
 * `enable_upload`, publishing to `suite`, for `architectures` and `all` (architecture-
 * independent packages are published too, as users expect).
 */
export function publishParameters(
  base: Readonly<Record<string, unknown>>,
  suite: string,
  architectures: readonly string[],
): Record<string, unknown> {
  const parameters: Record<string, unknown> = { ...base }
  delete parameters.enable_upload
  return {
    ...parameters,
    suite: formatCollectionName({ name: suite, category: CollectionCategory.SUITE }),
    architectures_allowlist: architectures.includes('all') ? [...architectures] : ['all', ...architectures],
  }
}
