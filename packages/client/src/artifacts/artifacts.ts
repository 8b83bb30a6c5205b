import type { LocalArtifact } from '@debusine-ts/artifacts'
import type { Artifact, FileResponse } from '@debusine-ts/models'
import { pickRequestOptions } from '@debusine-ts/transport'
import { workspaceFor, type ClientContext } from '../internal/client-context.js'
import { downloadArtifact, downloadFile, openFile } from './download.js'
import type {
  ArtifactCreateOptions,
  ArtifactDownloadOptions,
  ArtifactDownloadToOptions,
  ArtifactRequestOptions,
  ArtifactUploadOptions,
} from './options.js'
import { checkPathsAccepted } from './paths.js'
import { ArtifactsCore } from './artifacts-core.js'
import { createArtifact } from './open-artifact.js'
import {
  checkTransferTimeouts,
  checkUploadOptions,
  localFilesOf,
  sendMissing,
  uploadArtifact,
} from './upload.js'

/**
 * Artifacts: create, get, upload (resumable, even after a crash) and download (verified,
 * resumed after a cut). Node only: a browser's client has {@link ArtifactsCore}.
 *
 * @example
 * const local = await TestArtifact.create({ files: ['notes.md'] })
 * const artifact = await client.artifacts.upload(local, { onProgress: (p) => console.log(p.committed, p.total) })
 * await client.artifacts.downloadTo(artifact.id, './out')
 */
export class Artifacts extends ArtifactsCore {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    super(context)
    this.#context = context
  }

  /**
   * Create an artifact from a local one (`POST /artifact/`), without sending its files:
   * the answer's `files_to_upload` lists what the server still needs. Most callers want
   * {@link Artifacts.upload}.
   *
   * @example
   * const artifact = await client.artifacts.create(local, { workspace: 'System', expirationDelay: 3 * 86_400 })
   * @throws {ValidationError} when a path has whitespace (the server refuses it), or an option is invalid
   * @throws {ArtifactRuleError} when the local artifact breaks a rule of its category
   * @throws {ApiError} when the server refuses the artifact
   */
  async create(local: LocalArtifact, options: ArtifactCreateOptions = {}): Promise<Artifact> {
    checkPathsAccepted(local, 'ArtifactCreateRequest')
    await local.validate()
    const requests = await local.fileRequests(options.signal ? { signal: options.signal } : {})
    return createArtifact(
      this.#context,
      local,
      requests,
      workspaceFor(this.#context, options.workspace),
      options,
    )
  }

  /**
   * Upload a local artifact: create it, then send the files the server still needs
   * (`files_to_upload`) with the resumable protocol. Each file resumes where the server
   * stopped and is streamed from disk (memory does not grow with file size). A failed
   * request is retried from the server's offset for as long as the server keeps
   * acknowledging new bytes (see `progressTimeout`), with smaller requests after a cut.
   * A file is done once the server answered that it holds it whole, its SHA-256 checked.
   *
   * The upload is recorded in a local journal (`resume`, on by default): the same upload
   * run again after a crash, Ctrl-C or `kill` continues the same artifact and sends only
   * what the server lacks. A changed local file, or an artifact gone from the server,
   * starts afresh (reported through `onNotice`). When the answer to the create request is
   * lost, the artifact is looked for instead of created again.
   *
   * @example
   * const local = await SourcePackageArtifact.create({
   *   name: 'hello',
   *   version: '1.0-1',
   *   files: ['hello_1.0-1.dsc', 'hello_1.0.orig.tar.gz', 'hello_1.0-1.debian.tar.xz'],
   * })
   * const artifact = await client.artifacts.upload(local, {
   *   workspace: 'developers',
   *   onProgress: ({ committed, total }) => console.log(`${committed}/${total}`),
   * })
   * @returns the artifact, as the server describes it once complete
   * @throws {ValidationError} when a path has whitespace (before anything is created), or an option is invalid
   * @throws {ArtifactRuleError} when the local artifact breaks a rule of its category
   * @throws {ArtifactUploadError} when a file could not be uploaded (see its `isRetryable`)
   * @throws {ArtifactIncompleteError} when the artifact read back still lists a file as to be uploaded
   * @throws {CreateOutcomeUnknownError} when the create request's answer was lost and the artifact could not be found
   * @throws {AbortError} when `signal` aborted
   */
  upload(local: LocalArtifact, options: ArtifactUploadOptions = {}): Promise<Artifact> {
    return uploadArtifact(this.#context, (id, getOptions) => this.get(id, getOptions), local, options)
  }

  /**
   * Upload files of an existing artifact (the seed's `upload_files`): path in the
   * artifact → local path (relative ones resolved against `baseDirectory`). Only files the
   * server still lacks are sent, each from where the server stopped.
   *
   * @example
   * await client.artifacts.uploadFiles(42, { 'hello_1.0-1.dsc': '/srv/build/hello_1.0-1.dsc' })
   * @returns the artifact, its files now complete
   * @throws {ValidationError} when a path is not a file of the artifact, or a relative local path has no base directory
   * @throws {ArtifactUploadError} when a file could not be uploaded
   * @throws {ArtifactIncompleteError} when the artifact read back still lists one of the files as to be uploaded
   */
  async uploadFiles(
    artifactId: number,
    files: Iterable<readonly [string, string]> | Readonly<Record<string, string>>,
    options: ArtifactUploadOptions & { baseDirectory?: string | undefined } = {},
  ): Promise<Artifact> {
    checkUploadOptions(options)
    const entries: (readonly [string, string])[] =
      Symbol.iterator in files ? [...files] : Object.entries(files)
    const artifact = await this.get(artifactId, {
      ...pickRequestOptions(options),
      workspace: options.workspace,
    })
    const locals = localFilesOf(artifact, entries, options.baseDirectory)
    return sendMissing(
      this.#context,
      (id, getOptions) => this.get(id, getOptions),
      artifact,
      locals,
      { requireAll: false, fresh: false },
      options,
    )
  }

  async #artifact(idOrArtifact: number | Artifact, options: ArtifactRequestOptions): Promise<Artifact> {
    return typeof idOrArtifact === 'number' ? this.get(idOrArtifact, options) : idOrArtifact
  }

  /**
   * Open one file of an artifact as a stream. The stream errors at its end with an
   * {@link ArtifactDownloadError} when the bytes do not match the size and SHA-256 the
   * server announced: use the data only once the stream ended normally.
   *
   * @example
   * const stream = await client.artifacts.openFile(42, 'hello_1.0-1.dsc')
   * const text = await new Response(stream).text()
   * @throws {ArtifactDownloadError} when the artifact has no such complete file
   * @throws {NotFoundError} when the artifact or file is not found on the server
   */
  async openFile(
    idOrArtifact: number | Artifact,
    pathInArtifact: string,
    options: ArtifactRequestOptions = {},
  ): Promise<ReadableStream<Uint8Array>> {
    return openFile(this.#context, await this.#artifact(idOrArtifact, options), pathInArtifact, options)
  }

  /**
   * Download one file of an artifact into `destinationFile`, through a temporary file in
   * the same directory that gets its final name only once its size and SHA-256 match. A
   * cut transfer resumes with `Range` from the bytes already written, for as long as new
   * bytes arrive (see `progressTimeout`). An existing `destinationFile` is never replaced.
   *
   * @example
   * await client.artifacts.downloadFile(42, 'hello_1.0-1.dsc', '/tmp/hello_1.0-1.dsc')
   * @returns the file, as the server describes it
   * @throws {ArtifactDownloadError} when the destination exists, the file is not complete, or the bytes are wrong
   */
  async downloadFile(
    idOrArtifact: number | Artifact,
    pathInArtifact: string,
    destinationFile: string,
    options: ArtifactDownloadOptions = {},
  ): Promise<FileResponse> {
    checkTransferTimeouts('ArtifactDownloadOptions', options)
    const artifact = await this.#artifact(idOrArtifact, options)
    return downloadFile(this.#context, artifact, pathInArtifact, destinationFile, options)
  }

  /**
   * Download a whole artifact into `directory` (created if needed): every file at its
   * path, each verified against its size and SHA-256 through a temporary name, so an
   * interrupted download never leaves a file that looks complete; a cut transfer resumes
   * with `Range`. Several small files come as the server's `.tar.gz`, extracted as it
   * streams in (only regular files of the artifact are accepted; nothing is written
   * outside `directory`); big files come one request each. Existing files are never
   * replaced: the call fails before downloading. An artifact whose upload never finished
   * is an error naming its incomplete files, unless `completeFilesOnly` is set. With
   * `tarball: true`, saves the `.tar.gz` itself as `artifact-{id}.tar.gz`.
   *
   * @example
   * await client.artifacts.downloadTo(42, './hello', { onProgress: ({ loaded, total }) => console.log(loaded, total) })
   * @returns the artifact, as the server describes it
   * @throws {ArtifactDownloadError} when the artifact is incomplete, a destination file exists, a file is corrupt, or the archive holds an unsafe entry
   * @throws {NotFoundError} when there is no such artifact
   */
  async downloadTo(
    id: number,
    directory: string,
    options: ArtifactDownloadToOptions = {},
  ): Promise<Artifact> {
    checkTransferTimeouts('ArtifactDownloadToOptions', options)
    const artifact = await this.get(id, options)
    return downloadArtifact(this.#context, artifact, directory, options)
  }
}
