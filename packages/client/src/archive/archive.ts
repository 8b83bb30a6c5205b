import {
  ArtifactCategory,
  CollectionCategory,
  ValidationError,
  type Collection,
  type CollectionName,
  type WorkflowTemplate,
  type WorkRequest,
} from '@debusine-ts/models'
import type { PagedList, RequestOptions } from '@debusine-ts/transport'
import { requiredWorkspace, type ClientContext } from '../internal/client-context.js'
import type { CollectionItem } from '../collections/item-schema.js'
import { Collections } from '../collections/collections.js'
import { Lookups } from '../lookups/lookups.js'
import { WorkflowTemplates } from '../workflow-templates/workflow-templates.js'
import { Workflows } from '../workflows/workflows.js'
import { Workspaces } from '../workspaces/workspaces.js'
import {
  findBaseTemplate,
  publishParameters,
  relationsFromTemplate,
  type BaseTemplateResources,
  type SuiteRelationFromTemplate,
} from './base-template.js'
import { packageCopyRequest, type PackageCopyInput } from './package-copy.js'
import { ensureSuite, type SuiteEnsureInput, type SuiteEnsureResult } from './ensure-suite.js'

/** Options of the archive operations: the workspace, and the request options. */
export interface ArchiveRequestOptions extends RequestOptions {
  /** The workspace of the suite; default: the client's default workspace. */
  workspace?: string | undefined
}

/** What {@link Archive.createSuite} creates. */
export interface SuiteCreateInput {
  /** The suite's name, e.g. `proposed`. */
  name: string
  /** Its architectures (at least one), e.g. `['amd64', 'arm64']`. */
  architectures: readonly string[]
  /** Its components; default `['main']`. */
  components?: readonly string[] | undefined
  /**
   * A `debian_pipeline` workflow template, of the workspace or one it inherits from, to
   * base a `publish-to-SUITE` template on; its `qa_suite` and
   * `regression_tracking_qa_results` parameters become relations of the suite.
   */
  baseTemplate?: string | undefined
}

/** What {@link Archive.createSuite} created. */
export interface SuiteCreation {
  /** The `debian:suite` collection. */
  suite: Collection
  /** The relations taken from the base template, in the order they were created. */
  relations: SuiteRelationFromTemplate[]
  /** The `publish-to-SUITE` template, when a base template was given. */
  workflowTemplate: WorkflowTemplate | undefined
}

/** Which packages of a suite {@link Archive.findPackages} and {@link Archive.removePackages} mean. */
export interface PackageQuery {
  /** Package names: source names, or binary names with `binary`. */
  names: readonly string[]
  /** Only this version. */
  version?: string | undefined
  /** Only this architecture (binary packages). */
  architecture?: string | undefined
  /** Binary packages instead of source packages. Default `false`. */
  binary?: boolean | undefined
}

/** The items of a suite one package name matched. */
export interface PackageMatch {
  /** The name asked for. */
  name: string
  /** The suite's items of that name (none when the suite has no such package). */
  items: CollectionItem[]
}

/** Options of {@link Archive.removePackages}. */
export interface PackageRemoveOptions extends ArchiveRequestOptions {
  /** Find the packages, remove nothing. Default `false`. */
  dryRun?: boolean | undefined
  /** Called after each item is removed. */
  onRemoved?: ((item: CollectionItem) => void) | undefined
}

/**
 * The collection `archive token` commands grant roles on: the suite, or else the
 * workspace's archive (`_@debian:archive`).
 *
 * @example
 * await client.collections.tokens.grant(archiveCollection(), { username: 'ci', role: 'viewer', comment: '' })
 */
export function archiveCollection(suite?: string): CollectionName {
  return suite === undefined
    ? { name: '_', category: CollectionCategory.ARCHIVE }
    : { name: suite, category: CollectionCategory.SUITE }
}

const suiteNamed = (name: string): CollectionName => ({ name, category: CollectionCategory.SUITE })

/**
 * A workspace's Debian archive: create suites (with a publishing workflow template from a
 * base template), find, remove and copy packages between suites.
 *
 * @example
 * const { suite, workflowTemplate } = await client.archive.createSuite({
 *   name: 'proposed', architectures: ['amd64'], baseTemplate: 'pipeline',
 * })
 * await client.archive.copyPackage({ source: 'hello', fromSuite: 'proposed', toSuite: 'sid' })
 */
export class Archive {
  readonly #context: ClientContext
  readonly #collections: Collections
  readonly #workflows: Workflows
  readonly #templates: BaseTemplateResources

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
    this.#collections = new Collections(context)
    this.#workflows = new Workflows(context)
    this.#templates = {
      workspaces: new Workspaces(context),
      workflowTemplates: new WorkflowTemplates(context),
      lookups: new Lookups(context),
      collections: this.#collections,
      scope: context.transport.scope,
    }
  }

  /**
   * Make sure a `debian:suite` collection exists with at least these components and
   * architectures: create it, or add what it lacks. Idempotent: a second call reports
   * `unchanged` and sends no change.
   *
   * @example
   * const { change, added } = await client.archive.ensureSuite({ name: 'proposed', architectures: ['amd64'] })
   * @throws {ValidationError} when no architecture is given (nothing is sent)
   * @throws {PermissionDeniedError} unless the user owns the workspace (for a change)
   */
  ensureSuite(input: SuiteEnsureInput, options: ArchiveRequestOptions = {}): Promise<SuiteEnsureResult> {
    const { workspace: explicit, ...requestOptions } = options
    const workspace = requiredWorkspace(this.#context, explicit, 'Archive.ensureSuite')
    return ensureSuite(this.#collections, workspace, input, requestOptions)
  }

  /**
   * Create a `debian:suite` collection. With `baseTemplate`, first find that
   * `debian_pipeline` template (in the workspace, then the workspaces it inherits from in
   * the client's scope) and the collections its QA parameters name, so that a wrong base
   * creates nothing; then the suite, its relations to those collections, and a
   * `publish-to-SUITE` template publishing to it.
   *
   * @example
   * const { suite } = await client.archive.createSuite({ name: 'proposed', architectures: ['amd64'] })
   * @throws {ValidationError} when no architecture is given (nothing is sent)
   * @throws {BaseTemplateError} when the base template is missing, runs another task, or
   *   names a collection that does not exist (nothing is created)
   * @throws {BadRequestError} when the workspace already has a suite of that name
   * @throws {PermissionDeniedError} unless the user owns the workspace
   */
  async createSuite(input: SuiteCreateInput, options: ArchiveRequestOptions = {}): Promise<SuiteCreation> {
    const { workspace: explicit, ...requestOptions } = options
    if (input.architectures.length === 0) {
      throw new ValidationError('SuiteCreateInput', [
        { path: 'architectures', rule: 'too_small', message: 'a suite needs at least one architecture' },
      ])
    }
    const workspace = requiredWorkspace(this.#context, explicit, 'Archive.createSuite')
    const base =
      input.baseTemplate === undefined
        ? undefined
        : await findBaseTemplate(this.#templates, workspace, input.baseTemplate, requestOptions)
    const relations =
      base === undefined ? [] : await relationsFromTemplate(this.#templates, workspace, base, requestOptions)
    const suite = await this.#collections.create(
      {
        name: input.name,
        category: CollectionCategory.SUITE,
        data: {
          components: input.components?.length ? [...input.components] : ['main'],
          architectures: [...input.architectures],
        },
        full_history_retention_period: null,
        metadata_only_retention_period: null,
      },
      { ...requestOptions, workspace },
    )
    if (base === undefined) return { suite, relations, workflowTemplate: undefined }
    for (const relation of relations) {
      await this.#collections.relations.replace(suite, relation.type, [relation.target], {
        ...requestOptions,
        workspace,
      })
    }
    const workflowTemplate = await this.#templates.workflowTemplates.create(
      {
        name: `publish-to-${input.name}`,
        task_name: base.task_name,
        static_parameters: publishParameters(base.static_parameters, input.name, input.architectures),
        runtime_parameters: base.runtime_parameters,
        priority: base.priority,
      },
      { ...requestOptions, workspace },
    )
    return { suite, relations, workflowTemplate }
  }

  /**
   * The packages of a suite, lazily: its source and binary package items.
   *
   * @example
   * for await (const item of client.archive.listPackages('sid')) console.log(item.name)
   * @throws {NotFoundError} (when iterated) when there is no such suite
   */
  listPackages(suite: string, options: ArchiveRequestOptions = {}): PagedList<CollectionItem> {
    return this.#collections.items.list(suiteNamed(suite), options)
  }

  /**
   * The items of a suite that each name of `query` matches: source packages (or binary
   * packages) of that name, optionally of one version and architecture.
   *
   * @example
   * const [{ items }] = await client.archive.findPackages('sid', { names: ['hello'] })
   * @throws {NotFoundError} when there is no such suite
   */
  async findPackages(
    suite: string,
    query: PackageQuery,
    options: ArchiveRequestOptions = {},
  ): Promise<PackageMatch[]> {
    const matches: PackageMatch[] = []
    for (const name of query.names) {
      const prefix = query.version === undefined ? `${name}_` : `${name}_${query.version}`
      const candidates = await this.#collections.items
        .list(suiteNamed(suite), {
          ...options,
          nameStartsWith: prefix,
          category: query.binary === true ? ArtifactCategory.BINARY_PACKAGE : ArtifactCategory.SOURCE_PACKAGE,
        })
        .toArray({ limit: Infinity })
      // Items are named NAME_VERSION (source) or NAME_VERSION_ARCH (binary).
      const items = candidates.filter((item) => {
        const [itemName, version, architecture] = item.name.split('_')
        return (
          itemName === name &&
          (query.version === undefined || version === query.version) &&
          (query.architecture === undefined || architecture === query.architecture)
        )
      })
      matches.push({ name, items })
    }
    return matches
  }

  /**
   * Remove the packages of a suite that `query` matches (see {@link Archive.findPackages}),
   * or with `dryRun` only find them. The suite regenerates its indexes.
   *
   * @example
   * const matches = await client.archive.removePackages('sid', { names: ['hello'], version: '1.0-1' })
   * @returns what each name matched: removed unless `dryRun`
   * @throws {NotFoundError} when there is no such suite
   * @throws {PermissionDeniedError} when the user may not change the suite
   */
  async removePackages(
    suite: string,
    query: PackageQuery,
    options: PackageRemoveOptions = {},
  ): Promise<PackageMatch[]> {
    const { dryRun, onRemoved, ...requestOptions } = options
    const matches = await this.findPackages(suite, query, requestOptions)
    if (dryRun === true) return matches
    for (const item of matches.flatMap((match) => match.items)) {
      await this.#collections.items.delete(suiteNamed(suite), item.name, requestOptions)
      onRemoved?.(item)
    }
    return matches
  }

  /**
   * Copy (or move) a source package, and optionally its binaries, from one suite to
   * another: starts the `package_publish` workflow of {@link packageCopyRequest} without a
   * template, which needs the owner role in the target workspace. Returns the workflow;
   * wait for it with `client.workRequests.waitForCompletion`.
   *
   * @example
   * const workflow = await client.archive.copyPackage({ source: 'hello', fromSuite: 'sid', toSuite: 'trixie' })
   * @throws {ValidationError} when a name is missing (nothing is sent)
   * @throws {PermissionDeniedError} unless the user owns the target workspace
   */
  copyPackage(input: PackageCopyInput, options?: RequestOptions): Promise<WorkRequest> {
    return this.#workflows.start(packageCopyRequest(input, this.#context.workspace), options)
  }
}
