import { rmdir, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import {
  taskConfigurationItemName,
  TaskConfigurationItemSchema,
  type TaskConfigurationCollectionContents,
  type TaskConfigurationItem,
} from '@debusine-ts/models'
import { writeFileAtomically } from '../../atomic-write.js'
import { loadEntryFiles, renderEntryFile, type EntryFiles } from './entry-files.js'
import { headCommit, isAncestorOfHead, isGitWorkTree, relevantChanges } from './git.js'
import { InvalidRepositoryError } from './invalid-repository-error.js'
import { makeParentDirectories, refuseLinkedPaths } from './linked-paths.js'
import { MANIFEST_FILE, readManifest, writeManifest, type TaskConfigurationManifest } from './manifest.js'
import { describeIssues } from './zod-issues.js'
import { planPull, type PullFileChange, type PullStats } from './pull-plan.js'

/** What {@link TaskConfigurationRepository.pull} did. */
export interface TaskConfigurationPullResult {
  /** The repository's directory. */
  directory: string
  /** Whether the directory is a git work tree (removed files are then deleted). */
  git: boolean
  /** The manifest now on disk. */
  manifest: TaskConfigurationManifest
  /** Entry totals: added, updated in place, deleted, unchanged. */
  stats: PullStats
  /** What happened to each entry file. */
  changes: PullFileChange[]
  /** Files kept although the server no longer has their entries (plain directories only), and similar notes. */
  warnings: string[]
}

/**
 * A local task configuration repository: a directory (optionally a git work tree) with a
 * `MANIFEST` naming the workspace and collection, and `*.yaml` entry files at any depth,
 * each holding one task configuration mapping or a list of them. An entry's place —
 * its file and its index there — becomes the item's `path` and `position` on the server.
 *
 * Normally used through `client.taskConfigurations.fetchToRepository()` and `.push()`.
 *
 * @example
 * const repository = await TaskConfigurationRepository.open('./config')
 * for (const item of repository.items()) console.log(item.path, item.position, item.task_name)
 */
export class TaskConfigurationRepository {
  /** The repository's directory. */
  readonly directory: string
  /** The manifest; null in a directory that has not been fetched into yet. */
  readonly manifest: TaskConfigurationManifest | null
  /** The entry files, by relative POSIX path, in path order. */
  readonly files: EntryFiles
  /** Whether the directory is inside a git work tree (and git is installed). */
  readonly git: boolean

  private constructor(
    directory: string,
    manifest: TaskConfigurationManifest | null,
    files: EntryFiles,
    git: boolean,
  ) {
    this.directory = directory
    this.manifest = manifest
    this.files = files
    this.git = git
  }

  /**
   * Read a repository: its manifest (if any) and every entry file.
   * @throws {InvalidRepositoryError} naming the first invalid file and the rule it breaks
   */
  static async open(directory: string): Promise<TaskConfigurationRepository> {
    const manifest = await readManifest(directory)
    const files = await loadEntryFiles(directory)
    return new TaskConfigurationRepository(directory, manifest, files, await isGitWorkTree(directory))
  }

  /**
   * The manifest, which a push needs.
   * @throws {InvalidRepositoryError} when the directory has no `MANIFEST`
   */
  requireManifest(): TaskConfigurationManifest {
    if (this.manifest === null) {
      throw new InvalidRepositoryError({
        directory: this.directory,
        file: MANIFEST_FILE,
        rule: 'missing_manifest',
        message:
          'no MANIFEST: this is not a task configuration repository; fetch a collection into it first (taskConfigurations.fetchToRepository)',
      })
    }
    return this.manifest
  }

  /**
   * Every entry as the server stores it: `path` = its file, `position` = its index there,
   * in file order.
   * @throws {InvalidRepositoryError} when two entries get the same item name (two
   *   templates of the same name, say), which the server would refuse
   */
  items(): TaskConfigurationItem[] {
    const items: TaskConfigurationItem[] = []
    const seen = new Map<string, string>()
    for (const [file, entries] of this.files) {
      entries.forEach((entry, position) => {
        const result = TaskConfigurationItemSchema.safeParse({ ...entry, path: file, position })
        if (!result.success) {
          throw new InvalidRepositoryError({
            directory: this.directory,
            file,
            rule: 'task_configuration_item',
            message: `entry ${position}: ${describeIssues(result.error.issues)}`,
          })
        }
        const item = result.data
        const name = taskConfigurationItemName(item)
        const where = `${file} entry ${position}`
        const other = seen.get(name)
        if (other !== undefined) {
          throw new InvalidRepositoryError({
            directory: this.directory,
            file,
            rule: 'duplicate_item_name',
            message: `entry ${position} has the item name "${name}", like ${other}; item names must be unique in a collection`,
          })
        }
        seen.set(name, where)
        items.push(item)
      })
    }
    return items
  }

  /** The changes `git status` shows in entry files, the MANIFEST or untracked directories; none outside git. */
  async uncommittedChanges(): Promise<string[]> {
    return this.git ? relevantChanges(this.directory) : []
  }

  /** The commit `HEAD` points at; null outside git or before the first commit. */
  async headCommit(): Promise<string | null> {
    return this.git ? headCommit(this.directory) : null
  }

  /** Whether `commit` is `HEAD` or an ancestor of it; always false outside git. */
  async hasCommit(commit: string): Promise<boolean> {
    return this.git ? isAncestorOfHead(this.directory, commit) : false
  }

  /**
   * Lay a fetched collection out in the directory (see `planPull` for where items go):
   * files whose entries are unchanged are not rewritten, the others are written
   * atomically; files holding no server item any more are deleted in a git work tree
   * (the deletion shows in `git status`), kept with a warning in a plain directory. The
   * manifest is written with the collection's current data.
   *
   * @throws {InvalidRepositoryError} when the git work tree has uncommitted changes, the
   *   manifest names another workspace or collection, or a file to write or delete lies
   *   through a symbolic link inside the repository (`symlink_in_path`; nothing is written)
   */
  async pull(
    workspace: string,
    contents: TaskConfigurationCollectionContents,
  ): Promise<TaskConfigurationPullResult> {
    if (this.git) {
      const changes = await this.uncommittedChanges()
      if (changes.length > 0) {
        throw new InvalidRepositoryError({
          directory: this.directory,
          rule: 'dirty_work_tree',
          message: `the git work tree has uncommitted changes (${changes.map((line) => line.trim()).join(', ')}): commit or discard them before fetching`,
        })
      }
    }
    const { collection } = contents
    if (
      this.manifest !== null &&
      (this.manifest.workspace !== workspace ||
        this.manifest.collection.id !== collection.id ||
        this.manifest.collection.name !== collection.name)
    ) {
      throw new InvalidRepositoryError({
        directory: this.directory,
        file: MANIFEST_FILE,
        rule: 'manifest_mismatch',
        message: `the repository holds collection ${this.manifest.workspace}/${this.manifest.collection.name} (id ${this.manifest.collection.id}), not ${workspace}/${collection.name} (id ${collection.id}); fetch into another directory`,
      })
    }
    const plan = planPull(this.files, contents.items)
    const written = plan.changes
      .filter((change) => change.kind === 'created' || change.kind === 'changed')
      .map((change) => change.file)
    await refuseLinkedPaths(this.directory, [
      ...written,
      ...(this.git ? plan.removedFiles : []),
      MANIFEST_FILE,
    ])
    const warnings: string[] = []
    for (const change of plan.changes) {
      if (change.kind !== 'created' && change.kind !== 'changed') continue
      await makeParentDirectories(this.directory, change.file)
      await writeFileAtomically(
        join(this.directory, change.file),
        await renderEntryFile(plan.files.get(change.file) ?? []),
      )
    }
    for (const file of plan.removedFiles) {
      if (this.git) {
        await unlink(join(this.directory, file))
        await removeEmptyParents(this.directory, file)
      } else {
        warnings.push(
          `${file}: kept, although the server no longer has its entries (not a git work tree, so nothing is deleted); delete it before the next push, or the push adds them back`,
        )
      }
    }
    const manifest: TaskConfigurationManifest = {
      workspace,
      collection: {
        id: collection.id,
        name: collection.name,
        data: collection.data,
        links: collection.links,
      },
    }
    await writeManifest(this.directory, manifest)
    return {
      directory: this.directory,
      git: this.git,
      manifest,
      stats: plan.stats,
      changes: plan.changes,
      warnings,
    }
  }
}

// Remove the directories a deleted file leaves empty, up to (not including) the root.
async function removeEmptyParents(root: string, file: string): Promise<void> {
  for (let parent = dirname(file); parent !== '.' && parent !== ''; parent = dirname(parent)) {
    try {
      await rmdir(join(root, parent))
    } catch {
      return
    }
  }
}
