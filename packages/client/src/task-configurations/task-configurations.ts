import {
  parseModel,
  TaskConfigurationCollectionContentsSchema,
  TaskConfigurationPushRequestSchema,
  TaskConfigurationUpdateResultsSchema,
  type TaskConfigurationCollectionContents,
  type TaskConfigurationUpdateResults,
} from '@debusine-ts/models'
import { path, type RequestOptions } from '@debusine-ts/transport'
import { mkdir } from 'node:fs/promises'
import { requiredWorkspace, type ClientContext } from '../internal/client-context.js'
import { InvalidRepositoryError } from './repository/invalid-repository-error.js'
import type { TaskConfigurationRepository, TaskConfigurationPullResult } from './repository/repository.js'

/** The repository at `directory`: its reader (and the `yaml` library) loads on first use. */
async function openRepository(directory: string): Promise<TaskConfigurationRepository> {
  const { TaskConfigurationRepository } = await import('./repository/repository.js')
  return TaskConfigurationRepository.open(directory)
}

/** Which task configuration collection: its workspace and name. */
export interface TaskConfigurationTarget {
  /** The workspace; the client's default workspace when unset. */
  workspace?: string | undefined
  /** The collection's name (category `debusine:task-configuration`). */
  name: string
}

/** Which collection {@link TaskConfigurations.fetchToRepository} fetches; defaults from the repository's MANIFEST. */
export interface TaskConfigurationRepositoryTarget {
  /** The workspace; else the MANIFEST's, else the client's default workspace. */
  workspace?: string | undefined
  /** The collection's name; else the MANIFEST's. */
  name?: string | undefined
}

/** Options of {@link TaskConfigurations.push}. */
export interface TaskConfigurationPushOptions extends RequestOptions {
  /**
   * Only count: the server answers what a push would add, update, remove and keep,
   * without changing the items — but it still saves `data.git_commit` (see
   * {@link TaskConfigurations.push}).
   */
  dryRun?: boolean | undefined
  /**
   * Push even when the git work tree has uncommitted changes, or the server's collection
   * was pushed from a commit this repository does not have; each is then reported in
   * `warnings` instead of refused.
   */
  force?: boolean | undefined
}

/** What {@link TaskConfigurations.push} did: the server's counts, and the push's context. */
export interface TaskConfigurationPushResult extends TaskConfigurationUpdateResults {
  /** Whether this was a dry run (the items did not change). */
  dryRun: boolean
  /** The commit sent as `data.git_commit` (git work trees with a commit); null when it was removed. */
  gitCommit: string | null
  /** Problems pushed over with `force`. */
  warnings: string[]
}

/**
 * Task configuration collections (`debusine:task-configuration`): fetch their items,
 * lay them out as a local repository of YAML files, and push a repository back.
 *
 * @example
 * await client.taskConfigurations.fetchToRepository('./config', { workspace: 'developers', name: 'default' })
 * // … edit ./config/*.yaml, commit …
 * const counts = await client.taskConfigurations.push('./config', { dryRun: true })
 * console.log(`${counts.added} added, ${counts.updated} updated, ${counts.removed} removed`)
 */
export class TaskConfigurations {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * The collection (`id`, `name`, `data`) and its active items
   * (`GET /task-configuration/{workspace}/{name}/`).
   *
   * @throws {NotFoundError} `Collection not found` when the workspace has no
   *   `debusine:task-configuration` collection of that name
   * @example
   * const { collection, items } = await client.taskConfigurations.fetch({ name: 'default' })
   */
  fetch(
    target: TaskConfigurationTarget,
    options?: RequestOptions,
  ): Promise<TaskConfigurationCollectionContents> {
    const workspace = requiredWorkspace(this.#context, target.workspace, 'TaskConfigurations.fetch')
    return this.#context.transport.request('GET', path`/task-configuration/${workspace}/${target.name}/`, {
      operation: 'taskConfigurations',
      ...options,
      schema: TaskConfigurationCollectionContentsSchema,
      model: 'TaskConfigurationCollectionContents',
      expectedStatus: 200,
    })
  }

  /**
   * Fetch a collection into a local repository (created if missing): items with a `path`
   * go to that file at their `position`; items without one keep the place of a local
   * entry with the same content, else go to `new.yaml`. A file with one entry is written
   * as a mapping, several as a list (keys sorted); unchanged files are not rewritten;
   * writes are atomic. Files with no entry left are deleted in a git work tree, kept with
   * a warning in a plain directory. The `MANIFEST` records the workspace and collection.
   *
   * @param directory the repository; an existing one must hold the same collection
   * @throws {InvalidRepositoryError} when a file of the repository is invalid, the git
   *   work tree has uncommitted changes, the MANIFEST names another collection, or no
   *   collection name is given and there is no MANIFEST
   * @throws {ValidationError} when no workspace is given, recorded or configured
   * @throws {NotFoundError} when the collection does not exist
   */
  async fetchToRepository(
    directory: string,
    target: TaskConfigurationRepositoryTarget = {},
    options?: RequestOptions,
  ): Promise<TaskConfigurationPullResult> {
    await mkdir(directory, { recursive: true })
    const repository = await openRepository(directory)
    const manifest = repository.manifest
    const workspace = requiredWorkspace(
      this.#context,
      target.workspace ?? manifest?.workspace,
      'TaskConfigurations.fetchToRepository',
    )
    const name = target.name ?? manifest?.collection.name
    if (name === undefined) {
      throw new InvalidRepositoryError({
        directory,
        file: (await import('./repository/manifest.js')).MANIFEST_FILE,
        rule: 'missing_manifest',
        message: 'no MANIFEST names the collection: give the collection name to fetch',
      })
    }
    const contents = await this.fetch({ workspace, name }, options)
    return repository.pull(workspace, contents)
  }

  /**
   * Replace the items of the repository's collection on the server with the
   * repository's entries (`POST /task-configuration/{workspace}/{name}/`); the server
   * answers how many items it added, updated (same name, new content), removed and kept.
   *
   * In a git work tree, the push refuses (unless `force`) when entry files or the
   * MANIFEST have uncommitted changes, or when the server's `data.git_commit` is not an
   * ancestor of `HEAD` (someone pushed from elsewhere); it sends `HEAD` as
   * `data.git_commit`. Outside git, `git_commit` is removed from the data, and a
   * collection last pushed from git is refused unless `force`.
   *
   * **Note:** Debusine 0.16.2 saves `data.git_commit` even on a dry run: a dry run from a git
   * work tree records `HEAD` as the pushed commit (and one from a plain directory clears it).
   *
   * A push whose connection fails, or that meets a 5xx, is sent again like a GET: the same
   * contents again change nothing. When the server had applied the first one, the counts
   * are those of the replay (its items `unchanged`).
   *
   * @throws {InvalidRepositoryError} when the directory has no MANIFEST, a file is
   *   invalid, two entries share an item name, or a git check fails without `force`
   * @throws {BadRequestError} when the server refuses the items (detail names the rule)
   * @throws {PermissionDeniedError} when the user may not edit the workspace's task configuration
   * @example
   * const result = await client.taskConfigurations.push('./config')
   */
  async push(
    directory: string,
    options: TaskConfigurationPushOptions = {},
  ): Promise<TaskConfigurationPushResult> {
    const { dryRun = false, force = false, ...requestOptions } = options
    const repository = await openRepository(directory)
    const manifest = repository.requireManifest()
    const items = repository.items()
    const warnings: string[] = []
    const refuse = (rule: string, message: string): void => {
      if (force) warnings.push(message)
      else
        throw new InvalidRepositoryError({
          directory,
          rule,
          message: `${message}; pass force to push anyway`,
        })
    }
    const changes = await repository.uncommittedChanges()
    if (changes.length > 0) {
      refuse(
        'dirty_work_tree',
        `the git work tree has uncommitted changes (${changes.map((line) => line.trim()).join(', ')}): commit them before pushing`,
      )
    }
    const workspace = manifest.workspace
    const name = manifest.collection.name
    const server = await this.fetch({ workspace, name }, requestOptions)
    const serverCommit = server.collection.data['git_commit']
    if (typeof serverCommit === 'string' && !(await repository.hasCommit(serverCommit))) {
      refuse(
        'unknown_server_commit',
        `the server's collection was pushed from commit ${serverCommit}, which is not in the history of ${directory}${repository.git ? '' : ' (not a git work tree)'}: fetch and merge first`,
      )
    }
    const gitCommit = await repository.headCommit()
    const data = { ...manifest.collection.data }
    delete data['git_commit']
    const body = parseModel('TaskConfigurationPushRequest', TaskConfigurationPushRequestSchema, {
      collection: {
        id: manifest.collection.id,
        name,
        data: gitCommit === null ? data : { ...data, git_commit: gitCommit },
      },
      items,
      dry_run: dryRun,
    })
    const results = await this.#context.transport.request(
      'POST',
      path`/task-configuration/${workspace}/${name}/`,
      {
        operation: 'taskConfigurations',
        ...requestOptions,
        body,
        schema: TaskConfigurationUpdateResultsSchema,
        model: 'TaskConfigurationUpdateResults',
        expectedStatus: 200,
        // A push replaces the collection's contents: the same push again changes nothing
        // (a replay of one the server applied counts its items as unchanged).
        idempotent: true,
      },
    )
    return { ...results, dryRun, gitCommit, warnings }
  }
}
