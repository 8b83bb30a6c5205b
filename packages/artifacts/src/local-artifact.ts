import { stat } from 'node:fs/promises'
import { basename, isAbsolute, relative, resolve, sep } from 'node:path'
import { deepFreeze, parseModel, type ArtifactCategory, type Frozen } from '@debusine-ts/models'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { artifactCategories, assertArtifactCategory, checkCategoryRules } from './category-rules.js'
import { fileRequestFromPath } from './file-request-from-path.js'
import { notAFileError } from './internal/not-a-file.js'
import {
  artifactDataSchemaFor,
  FileRequestModel,
  type ArtifactDataByCategory,
  type ARTIFACT_DATA_SCHEMAS,
  type FileRequest,
} from '@debusine-ts/models'

/** The data a category's model accepts as input (defaults may be left out). */
export type ArtifactDataInput<Category extends ArtifactCategory> =
  (typeof ARTIFACT_DATA_SCHEMAS)[Category]['_zod']['input']

/** Options of {@link LocalArtifact.addLocalFile}. */
export interface AddLocalFileOptions {
  /**
   * An absolute path of an existing directory. A relative `file` is resolved against it,
   * and the path in the artifact is the file's path relative to it (with `/`).
   */
  baseDirectory?: string
  /** The whole path in the artifact, replacing the one computed from the file. */
  overrideName?: string
  /** The content type to serve the file with, instead of a guessed one. */
  contentType?: string
}

/** Options of {@link LocalArtifact}'s constructor. */
export interface LocalArtifactInit {
  /** Path in the artifact → local path, added as by {@link LocalArtifact.addLocalFile} but unchecked until {@link LocalArtifact.validate}. */
  files?: Iterable<readonly [string, string]>
  /** Path in the artifact → FileRequest of a file the server already holds. */
  remoteFiles?: Iterable<readonly [string, FileRequest]>
  /** Path in the artifact → content type. */
  contentTypes?: Iterable<readonly [string, string]>
  /**
   * Names that a `.changes` lists but that are deliberately left out of an upload: the
   * `exclude_files` of the earlier upload shape, kept for compatibility.
   */
  excludedFiles?: Iterable<string>
}

async function isDirectory(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined))?.isDirectory() ?? false
}

/**
 * Check that a path in an artifact is a relative POSIX path without `.` or `..` segments.
 * @throws {ArtifactRuleError} when it is not
 */
export function checkPathInArtifact(path: string): void {
  const segments = path.split('/')
  if (
    path === '' ||
    path.startsWith('/') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new ArtifactRuleError(
      `Path in artifact "${path}" must be a relative path with no empty, "." or ".." segment`,
      [path],
    )
  }
}

/**
 * An artifact being built on this machine before it is uploaded: its category, its data
 * (validated against the category's model and frozen), its local files (path in the
 * artifact → local path), the files it expects the server to hold already (path →
 * FileRequest) and the content types recorded for some paths.
 *
 * The data never changes after construction; the file maps only grow, through
 * {@link LocalArtifact.addLocalFile} and {@link LocalArtifact.addRemoteFile}, which check
 * every rule of a single file. {@link LocalArtifact.validate} checks the rules of the
 * category as a whole. The `create` functions of each kind (e.g.
 * {@link SourcePackageArtifact}) build and validate in one step.
 *
 * @example
 * const artifact = new LocalArtifact('debusine:test', {})
 * await artifact.addLocalFile('notes.md', { baseDirectory: '/srv/work' })
 * await artifact.validate()
 */
export class LocalArtifact<Category extends ArtifactCategory = ArtifactCategory> {
  /** The artifact category, e.g. `debian:source-package`. */
  readonly category: Category
  /** The category-specific data, validated and frozen. */
  readonly data: Frozen<ArtifactDataByCategory[Category]>
  readonly #files = new Map<string, string>()
  readonly #remoteFiles = new Map<string, FileRequest>()
  readonly #contentTypes = new Map<string, string>()
  /** Names a `.changes` lists that are deliberately not part of the artifact (earlier upload shape). */
  readonly excludedFiles: ReadonlySet<string>

  /**
   * @throws {ArtifactRuleError} when `category` is not an artifact category
   * @throws {ValidationError} when `data` does not satisfy the category's model
   */
  constructor(category: Category, data: ArtifactDataInput<Category>, init: LocalArtifactInit = {}) {
    this.category = category
    this.data = LocalArtifact.createData(category, data)
    for (const [path, local] of init.files ?? []) this.#files.set(path, local)
    for (const [path, request] of init.remoteFiles ?? [])
      this.#remoteFiles.set(path, FileRequestModel.create(request))
    for (const [path, type] of init.contentTypes ?? []) this.#contentTypes.set(path, type)
    this.excludedFiles = new Set(init.excludedFiles ?? [])
  }

  /** The sorted list of artifact categories, `debusine:test` included. */
  static artifactCategories(): ArtifactCategory[] {
    return artifactCategories()
  }

  /**
   * Validate a map against the data model of `category` and return the frozen data.
   * @throws {ArtifactRuleError} when `category` is not an artifact category
   * @throws {ValidationError} naming every field and rule that failed
   */
  static createData<Category extends ArtifactCategory>(
    category: Category,
    data: unknown,
  ): Frozen<ArtifactDataByCategory[Category]> {
    assertArtifactCategory(category)
    const schema = artifactDataSchemaFor(category)
    return deepFreeze(structuredClone(parseModel(`${category} data`, schema, data))) as Frozen<
      ArtifactDataByCategory[Category]
    >
  }

  /** Path in the artifact → local path. */
  get files(): ReadonlyMap<string, string> {
    return this.#files
  }

  /** Path in the artifact → FileRequest of a file expected on the server already. */
  get remoteFiles(): ReadonlyMap<string, FileRequest> {
    return this.#remoteFiles
  }

  /** Path in the artifact → content type recorded for it. */
  get contentTypes(): ReadonlyMap<string, string> {
    return this.#contentTypes
  }

  #checkUnused(path: string): void {
    checkPathInArtifact(path)
    if (this.#files.has(path) || this.#remoteFiles.has(path)) {
      throw new ArtifactRuleError(`Path in artifact "${path}" is already used by another file`, [path])
    }
  }

  /**
   * Add a local file. With no base directory it goes at the artifact root under its own
   * name; with one, at its path relative to the base directory. `overrideName` replaces
   * the whole path.
   *
   * @returns the path in the artifact
   * @throws {ArtifactRuleError} when the base directory is not absolute or not a
   *   directory, the file is outside it, missing or not a regular file, or the path in the
   *   artifact is malformed or already used
   */
  async addLocalFile(file: string, options: AddLocalFileOptions = {}): Promise<string> {
    const { baseDirectory, overrideName, contentType } = options
    let local: string
    let path: string
    if (baseDirectory === undefined) {
      local = resolve(file)
      path = basename(local)
    } else {
      if (!isAbsolute(baseDirectory)) {
        throw new ArtifactRuleError(`Base directory "${baseDirectory}" must be an absolute path`, [
          baseDirectory,
        ])
      }
      if (!(await isDirectory(baseDirectory))) {
        throw new ArtifactRuleError(`Base directory "${baseDirectory}" must be an existing directory`, [
          baseDirectory,
        ])
      }
      local = resolve(baseDirectory, file)
      const relativePath = relative(baseDirectory, local)
      if (overrideName === undefined && (relativePath.startsWith('..') || isAbsolute(relativePath))) {
        throw new ArtifactRuleError(`File "${local}" is not inside the base directory "${baseDirectory}"`, [
          local,
        ])
      }
      path = relativePath.split(sep).join('/')
    }
    if (overrideName !== undefined) path = overrideName
    const stats = await stat(local).catch(() => undefined)
    if (stats === undefined) throw new ArtifactRuleError(`File "${local}" does not exist`, [local])
    if (!stats.isFile()) throw notAFileError(local, stats)
    this.#checkUnused(path)
    this.#files.set(path, local)
    if (contentType !== undefined) this.#contentTypes.set(path, contentType)
    return path
  }

  /**
   * Declare a file that is not local but that the server is expected to hold already
   * (with the same size and SHA-256) in the workspace.
   *
   * @throws {ArtifactRuleError} when the path is malformed or already used
   * @throws {ValidationError} when `fileRequest` is not a valid FileRequest
   */
  addRemoteFile(path: string, fileRequest: FileRequest): void {
    this.#checkUnused(path)
    this.#remoteFiles.set(path, FileRequestModel.create(fileRequest))
  }

  /**
   * Check the artifact as a whole: its data against the category's model, every path,
   * and the rules of the category (file counts, suffixes, listed file sets, …).
   *
   * @throws {ArtifactRuleError} naming the file(s) and the rule broken
   * @throws {ValidationError} when the data breaks its model
   */
  async validate(): Promise<void> {
    LocalArtifact.createData(this.category, this.data)
    const seen = new Set<string>()
    for (const path of [...this.#files.keys(), ...this.#remoteFiles.keys()]) {
      checkPathInArtifact(path)
      if (seen.has(path)) throw new ArtifactRuleError(`Path in artifact "${path}" is used twice`, [path])
      seen.add(path)
    }
    await checkCategoryRules(this)
  }

  /**
   * The FileRequest of every file, as sent when the artifact is created: local files are
   * hashed (streaming), with the recorded content type or one picked by the path's suffix
   * or the file's first bytes; remote files are as declared.
   *
   * @throws {ArtifactRuleError} when a local file cannot be read
   */
  async fileRequests(options: { signal?: AbortSignal } = {}): Promise<Map<string, FileRequest>> {
    const requests = new Map<string, FileRequest>()
    for (const [path, local] of [...this.#files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const contentType = this.#contentTypes.get(path)
      requests.set(
        path,
        await fileRequestFromPath(local, {
          name: path,
          signal: options.signal,
          ...(contentType === undefined ? {} : { contentType }),
        }),
      )
    }
    for (const [path, request] of this.#remoteFiles) requests.set(path, request)
    return requests
  }
}
