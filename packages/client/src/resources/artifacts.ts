import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { LocalArtifact } from '@debusine-ts/artifacts'
import {
  ArtifactCreateRequestModel,
  ArtifactSchema,
  ValidationError,
  type Artifact,
  type FileRequest,
  type FileResponse,
} from '@debusine-ts/models'
import { encodePathSegment, path, type RequestOptions } from '@debusine-ts/transport'
import type { ClientContext } from '../client-context.js'
import { workspaceFor } from '../client-context.js'
import { extractArchive, unsafeEntryName } from '../internal/archive-extract.js'
import {
  destinationExists,
  exists,
  verifyingStream,
  writeVerified,
  type ExpectedContent,
} from '../internal/download-file.js'
import { uploadFile } from '../internal/upload-file.js'
import { ArtifactDownloadError, ArtifactUploadError } from './artifact-errors.js'
import type {
  ArtifactCreateOptions,
  ArtifactDownloadOptions,
  ArtifactDownloadToOptions,
  ArtifactRequestOptions,
  ArtifactUploadOptions,
  UploadProgress,
} from './artifact-options.js'

/** Default number of files sent at once: measured fastest (tooling/bench/README.md). */
const DEFAULT_CONCURRENCY = 1
/**
 * Default largest PUT body: a whole file per request, streamed from disk with constant
 * memory, measured fastest (tooling/bench/README.md). A proxy that refuses large bodies
 * (Debusine's nginx takes 50 MiB) makes the upload go on in 50 MiB chunks by itself.
 */
export const DEFAULT_CHUNK_SIZE = Number.POSITIVE_INFINITY
const DEFAULT_CHUNK_RETRIES = 3
const DEFAULT_STALL_TIMEOUT_MS = 60_000
const PROGRESS_STEP = 256 * 1024

// The server's own choice between one archive and one request per file (PROTOCOL §7).
const ARCHIVE_MAX_FILE_SIZE = 20 * 1024 * 1024
const ARCHIVE_MAX_TOTAL_SIZE = 100 * 1024 * 1024

/** A local file to upload under a path of the artifact. */
interface LocalFile {
  localPath: string
  size: number
}

function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The 0.16.2 server refuses paths with whitespace ("Enter a valid URL", PROTOCOL §6.3):
 * say so before anything is created.
 */
function checkPathsAccepted(paths: Iterable<string>, model: string): void {
  const issues = [...paths]
    .filter((name) => /\s/.test(name))
    .map((name) => ({
      path: `files.${name}`,
      rule: 'no_whitespace',
      message:
        'the Debusine server refuses a path in an artifact that contains a space or other whitespace ' +
        '(it answers "Enter a valid URL"); rename the file or pass another name for it',
    }))
  if (issues.length > 0) throw new ValidationError(model, issues)
}

function checkCount(model: string, field: string, value: number | undefined, minimum: number): void {
  if (value !== undefined && !(Number.isInteger(value) && value >= minimum) && value !== Infinity) {
    throw new ValidationError(model, [
      {
        path: field,
        rule: 'invalid_number',
        message: `expected an integer ≥ ${minimum}, got ${String(value)}`,
      },
    ])
  }
}

/** `expiration_delay` as the server reads it (`D HH:MM:SS`), from seconds. */
function durationFromSeconds(seconds: number): string {
  const whole = Math.ceil(seconds)
  const days = Math.floor(whole / 86_400)
  const rest = whole % 86_400
  const pad = (value: number): string => String(value).padStart(2, '0')
  return `${days} ${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}`
}

function expirationFields(options: ArtifactCreateOptions): {
  expire_at?: string | null
  expiration_delay?: string | null
} {
  const { expireAt, expirationDelay } = options
  if (expireAt != null && expirationDelay != null) {
    throw new ValidationError('ArtifactCreateRequest', [
      { path: 'expireAt', rule: 'exclusive', message: 'give either expireAt or expirationDelay, not both' },
    ])
  }
  if (typeof expirationDelay === 'number') {
    if (!(Number.isFinite(expirationDelay) && expirationDelay >= 0)) {
      throw new ValidationError('ArtifactCreateRequest', [
        { path: 'expirationDelay', rule: 'invalid_number', message: 'expected a number of seconds ≥ 0' },
      ])
    }
    return { expiration_delay: durationFromSeconds(expirationDelay) }
  }
  if (typeof expirationDelay === 'string') return { expiration_delay: expirationDelay }
  if (expireAt == null) return {}
  const date = typeof expireAt === 'string' ? new Date(expireAt) : expireAt
  if (Number.isNaN(date.getTime())) {
    throw new ValidationError('ArtifactCreateRequest', [
      { path: 'expireAt', rule: 'invalid_date', message: `not a date: ${String(expireAt)}` },
    ])
  }
  // 0.16.2 ignores expire_at and reads expiration_delay (PROTOCOL §5.1): send both.
  const seconds = Math.max(1, (date.getTime() - Date.now()) / 1000)
  return { expire_at: date.toISOString(), expiration_delay: durationFromSeconds(seconds) }
}

function requestOptions(options: RequestOptions): RequestOptions {
  return {
    signal: options.signal,
    timeout: options.timeout,
    maxRetries: options.maxRetries,
    headers: options.headers,
  }
}

/** The URL of one file, with the path percent-encoded (the server appends it raw: `#` or `?` would break it). */
function fileUrl(file: FileResponse, pathInArtifact: string): string {
  if (!file.url.endsWith(pathInArtifact)) return file.url
  const encoded = pathInArtifact.split('/').map(encodePathSegment).join('/')
  return file.url.slice(0, file.url.length - pathInArtifact.length) + encoded
}

function expectedContent(file: FileResponse): ExpectedContent {
  return { size: file.size, sha256: file.checksums.sha256 }
}

/** Path in the artifact → what it must be, for every file the server holds completely. */
function completeFiles(artifact: Artifact): Map<string, ExpectedContent> {
  const incomplete = new Set(artifact.files_to_upload)
  return new Map(
    Object.entries(artifact.files)
      .filter(([name]) => !incomplete.has(name))
      .sort(([a], [b]) => byPath(a, b))
      .map(([name, file]) => [name, expectedContent(file)]),
  )
}

/** Where a path of the artifact goes under `directory`, refusing paths that would leave it. */
function destinationOf(artifactId: number, directory: string, name: string): string {
  const why = unsafeEntryName(name)
  const target = resolve(directory, name)
  const fromRoot = relative(resolve(directory), target)
  if (why !== undefined || fromRoot === '' || fromRoot.split(sep)[0] === '..' || isAbsolute(fromRoot)) {
    throw new ArtifactDownloadError(
      'unsafe_archive_entry',
      `Artifact ${artifactId} has a file "${name}" that cannot be written under "${directory}": ${why ?? 'it points outside the destination'}.`,
      { artifactId, path: name },
    )
  }
  return target
}

/**
 * Artifacts: create, get, upload (resumable) and download (verified).
 *
 * @example
 * const local = await TestArtifact.create({ files: ['notes.md'] })
 * const artifact = await client.artifacts.upload(local, { onProgress: (p) => console.log(p.committed, p.total) })
 * await client.artifacts.downloadTo(artifact.id, './out')
 */
export class Artifacts {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
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
    checkPathsAccepted([...local.files.keys(), ...local.remoteFiles.keys()], 'ArtifactCreateRequest')
    await local.validate()
    return this.#create(
      local,
      await local.fileRequests({ ...(options.signal ? { signal: options.signal } : {}) }),
      options,
    )
  }

  async #create(
    local: LocalArtifact,
    files: ReadonlyMap<string, FileRequest>,
    options: ArtifactCreateOptions,
  ): Promise<Artifact> {
    const workspace = workspaceFor(this.#context, options.workspace)
    const body = ArtifactCreateRequestModel.create({
      category: local.category,
      workspace: workspace ?? null,
      files: Object.fromEntries(files),
      data: structuredClone(local.data),
      work_request: options.workRequest ?? null,
      ...expirationFields(options),
    })
    // The server picks its default workspace when the field is absent (it rejects null).
    const sent: Record<string, unknown> = { ...body }
    if (sent.workspace === null) delete sent.workspace
    return this.#context.transport.request('POST', '/artifact/', {
      ...requestOptions(options),
      body: sent,
      schema: ArtifactSchema,
      model: 'Artifact',
      expectedStatus: 201,
    })
  }

  /**
   * Get an artifact: `GET /artifact/{id}/`, looked up in the client's scope; with an
   * explicit `workspace`, `GET /artifact/{workspace}/{id}/`, which also finds artifacts
   * of the workspaces it inherits from.
   *
   * @example
   * const artifact = await client.artifacts.get(42)
   * @throws {NotFoundError} when there is no such artifact (or it is not visible)
   */
  get(id: number, options: ArtifactRequestOptions = {}): Promise<Artifact> {
    checkCount('ArtifactGet', 'id', id, 0)
    const url =
      options.workspace === undefined ? path`/artifact/${id}/` : path`/artifact/${options.workspace}/${id}/`
    return this.#context.transport.request('GET', url, {
      ...requestOptions(options),
      schema: ArtifactSchema,
      model: 'Artifact',
    })
  }

  /**
   * Upload a local artifact: create it, then send the files the server still needs
   * (`files_to_upload`) with the resumable protocol: each file resumes where the server
   * stopped, is streamed from disk (memory does not grow with file size), and a failed
   * chunk is retried on its own. Once every file is sent, the artifact is read again to
   * check that the server holds them all.
   *
   * If the call is interrupted, run it again with `artifactId` (the id is in the
   * {@link ArtifactUploadError}): only the missing bytes are sent.
   *
   * @example
   * const local = await SourcePackageArtifact.create({ dsc: 'hello_1.0-1.dsc' })
   * const artifact = await client.artifacts.upload(local, {
   *   workspace: 'developers',
   *   onProgress: ({ committed, total }) => console.log(`${committed}/${total}`),
   * })
   * @returns the artifact, as the server describes it once complete
   * @throws {ValidationError} when a path has whitespace (before anything is created), or an option is invalid
   * @throws {ArtifactRuleError} when the local artifact breaks a rule of its category
   * @throws {ArtifactUploadError} when a file could not be uploaded (see its `isRetryable`)
   * @throws {AbortError} when `signal` aborted
   */
  async upload(local: LocalArtifact, options: ArtifactUploadOptions = {}): Promise<Artifact> {
    checkPathsAccepted([...local.files.keys(), ...local.remoteFiles.keys()], 'ArtifactCreateRequest')
    this.#checkUploadOptions(options)
    await local.validate()
    const requests = await local.fileRequests(options.signal ? { signal: options.signal } : {})
    let artifact: Artifact
    if (options.artifactId === undefined) {
      artifact = await this.#create(local, requests, options)
    } else {
      artifact = await this.get(options.artifactId, {
        ...requestOptions(options),
        workspace: options.workspace,
      })
      this.#checkSameArtifact(artifact, local, requests)
    }
    const locals = new Map<string, LocalFile>()
    for (const [name, localPath] of local.files) {
      locals.set(name, { localPath, size: requests.get(name)?.size ?? 0 })
    }
    return this.#sendMissing(artifact, locals, true, options)
  }

  /**
   * Upload files of an existing artifact (the seed's `upload_files`): path in the
   * artifact → local path (relative ones resolved against `baseDirectory`). Only files the
   * server still lacks are sent, each from where the server stopped.
   *
   * @example
   * await client.artifacts.uploadFiles(42, { 'hello_1.0-1.dsc': '/srv/build/hello_1.0-1.dsc' })
   * @returns the artifact, read again after the upload
   * @throws {ValidationError} when a path is not a file of the artifact, or a relative local path has no base directory
   * @throws {ArtifactUploadError} when a file could not be uploaded
   */
  async uploadFiles(
    artifactId: number,
    files: Iterable<readonly [string, string]> | Readonly<Record<string, string>>,
    options: ArtifactUploadOptions & { baseDirectory?: string | undefined } = {},
  ): Promise<Artifact> {
    this.#checkUploadOptions(options)
    const entries: (readonly [string, string])[] =
      Symbol.iterator in files ? [...files] : Object.entries(files)
    const artifact = await this.get(artifactId, { ...requestOptions(options), workspace: options.workspace })
    const issues = []
    const locals = new Map<string, LocalFile>()
    for (const [name, localPath] of entries) {
      const file = artifact.files[name]
      if (file === undefined) {
        issues.push({
          path: `files.${name}`,
          rule: 'not_in_artifact',
          message: `artifact ${artifactId} has no file "${name}"`,
        })
      } else if (!isAbsolute(localPath) && options.baseDirectory === undefined) {
        issues.push({
          path: `files.${name}`,
          rule: 'relative_path',
          message: `"${localPath}" is relative: give baseDirectory, or an absolute path`,
        })
      } else {
        locals.set(name, { localPath: resolve(options.baseDirectory ?? '/', localPath), size: file.size })
      }
    }
    if (issues.length > 0) throw new ValidationError('UploadFiles', issues)
    return this.#sendMissing(artifact, locals, false, options)
  }

  #checkUploadOptions(options: ArtifactUploadOptions): void {
    checkCount('ArtifactUploadOptions', 'concurrency', options.concurrency, 1)
    checkCount('ArtifactUploadOptions', 'chunkSize', options.chunkSize, 1)
    checkCount('ArtifactUploadOptions', 'maxRetries', options.maxRetries, 0)
    if (options.timeout !== undefined && !(options.timeout > 0)) {
      throw new ValidationError('ArtifactUploadOptions', [
        { path: 'timeout', rule: 'invalid_number', message: 'expected a number of milliseconds > 0' },
      ])
    }
  }

  /** Resuming must not mix up artifacts: the server's files must be the local ones. */
  #checkSameArtifact(
    artifact: Artifact,
    local: LocalArtifact,
    requests: ReadonlyMap<string, FileRequest>,
  ): void {
    const issues = []
    if (artifact.category !== local.category) {
      issues.push({
        path: 'category',
        rule: 'mismatch',
        message: `artifact ${artifact.id} is a ${artifact.category}, the local artifact a ${local.category}`,
      })
    }
    const names = new Set([...Object.keys(artifact.files), ...requests.keys()])
    for (const name of [...names].sort(byPath)) {
      const remote = artifact.files[name]
      const request = requests.get(name)
      if (
        remote === undefined ||
        request === undefined ||
        remote.size !== request.size ||
        remote.checksums.sha256 !== request.checksums.sha256
      ) {
        issues.push({
          path: `files.${name}`,
          rule: 'mismatch',
          message:
            remote === undefined
              ? `artifact ${artifact.id} has no such file`
              : request === undefined
                ? 'the local artifact has no such file'
                : 'the local file differs from the one of the artifact (size or SHA-256)',
        })
      }
    }
    if (issues.length > 0) throw new ValidationError('ArtifactUploadResume', issues)
  }

  async #sendMissing(
    artifact: Artifact,
    locals: ReadonlyMap<string, LocalFile>,
    requireAll: boolean,
    options: ArtifactUploadOptions,
  ): Promise<Artifact> {
    const { transport } = this.#context
    const wanted = artifact.files_to_upload.filter((name) => requireAll || locals.has(name))
    const queue: [string, LocalFile][] = []
    for (const name of wanted) {
      const local = locals.get(name)
      if (local === undefined) {
        throw new ArtifactUploadError({
          path: name,
          artifactId: artifact.id,
          reason:
            `the server does not hold this file in workspace ${artifact.workspace} and there is no local file for it ` +
            '(a remote file is only accepted when the same content is already in the workspace)',
          attempts: 1,
          isRetryable: false,
        })
      }
      queue.push([name, local])
    }
    const total = queue.reduce((sum, [, local]) => sum + local.size, 0)
    const committedPerFile = new Map<string, number>()
    let committed = 0
    let sent = 0
    let lastReported = -Infinity
    const report = (name: string, force: boolean): void => {
      if (options.onProgress === undefined) return
      if (!force && sent - lastReported < PROGRESS_STEP) return
      lastReported = sent
      const progress: UploadProgress = {
        path: name,
        fileCommitted: committedPerFile.get(name) ?? 0,
        fileSize: locals.get(name)?.size ?? 0,
        committed,
        total,
        sent,
      }
      options.onProgress(progress)
    }

    // The first failure stops the other files: the user reruns the call to resume.
    const stop = new AbortController()
    const signal = options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal])
    const concurrency = Math.min(options.concurrency ?? DEFAULT_CONCURRENCY, Math.max(queue.length, 1))
    let next = 0
    let firstError: Error | undefined
    const worker = async (): Promise<void> => {
      while (next < queue.length && firstError === undefined) {
        const [name, local] = queue[next] as [string, LocalFile]
        next += 1
        try {
          await uploadFile({
            transport,
            artifactId: artifact.id,
            path: name,
            localPath: local.localPath,
            size: local.size,
            chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
            maxRetries: options.maxRetries ?? DEFAULT_CHUNK_RETRIES,
            stallTimeout: options.timeout ?? DEFAULT_STALL_TIMEOUT_MS,
            signal,
            isComplete: async () =>
              !(
                await this.get(artifact.id, { signal, workspace: options.workspace })
              ).files_to_upload.includes(name),
            onCommitted: (bytes) => {
              committed += bytes - (committedPerFile.get(name) ?? 0)
              committedPerFile.set(name, bytes)
              report(name, true)
            },
            onSent: (bytes) => {
              sent += bytes
              report(name, false)
            },
          })
        } catch (error) {
          if (firstError === undefined) {
            // Siblings then fail with an abort of our own: the first failure is the story.
            firstError = error instanceof Error ? error : new Error(String(error))
            stop.abort(firstError)
          }
        }
      }
    }
    await Promise.all(Array.from({ length: concurrency }, () => worker()))
    if (firstError !== undefined) throw firstError

    const final = await this.get(artifact.id, { ...requestOptions(options), workspace: options.workspace })
    const missing = final.files_to_upload.filter((name) => requireAll || locals.has(name))
    if (missing.length > 0) {
      throw new ArtifactUploadError({
        path: missing[0] ?? '',
        artifactId: artifact.id,
        reason: `the server still lists ${missing.length} file(s) as incomplete after the upload: ${missing.join(', ')}`,
        attempts: 1,
        isRetryable: true,
      })
    }
    return final
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
    const artifact = await this.#artifact(idOrArtifact, options)
    const file = this.#completeFile(artifact, pathInArtifact)
    const response = await this.#context.transport.stream('GET', fileUrl(file, pathInArtifact), {
      ...requestOptions(options),
      expectedStatus: 200,
    })
    const body =
      response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
    return body.pipeThrough(verifyingStream(expectedContent(file), artifact.id, pathInArtifact))
  }

  #completeFile(artifact: Artifact, pathInArtifact: string): FileResponse {
    const file = artifact.files[pathInArtifact]
    if (file === undefined || artifact.files_to_upload.includes(pathInArtifact)) {
      throw new ArtifactDownloadError(
        'missing_file',
        file === undefined
          ? `Artifact ${artifact.id} has no file "${pathInArtifact}" (its files: ${Object.keys(artifact.files).sort(byPath).join(', ') || 'none'}).`
          : `File "${pathInArtifact}" of artifact ${artifact.id} is not complete on the server yet: upload it first.`,
        { artifactId: artifact.id, path: pathInArtifact },
      )
    }
    return file
  }

  /**
   * Download one file of an artifact into `destinationFile`, through a temporary file in
   * the same directory that gets its final name only once its size and SHA-256 match.
   * An existing `destinationFile` is never replaced.
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
    const artifact = await this.#artifact(idOrArtifact, options)
    const file = this.#completeFile(artifact, pathInArtifact)
    if (await exists(destinationFile)) throw destinationExists(artifact.id, pathInArtifact, destinationFile)
    let loaded = 0
    await this.#writeFile(artifact, pathInArtifact, file, destinationFile, options, (bytes) => {
      loaded += bytes
      options.onProgress?.({ path: pathInArtifact, loaded, total: file.size })
    })
    return file
  }

  async #writeFile(
    artifact: Artifact,
    pathInArtifact: string,
    file: FileResponse,
    destination: string,
    options: ArtifactDownloadOptions,
    onBytes: (bytes: number) => void,
  ): Promise<void> {
    const response = await this.#context.transport.stream('GET', fileUrl(file, pathInArtifact), {
      ...requestOptions(options),
      expectedStatus: 200,
    })
    const body =
      response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
    try {
      await writeVerified(body, {
        artifactId: artifact.id,
        path: pathInArtifact,
        destination,
        expected: expectedContent(file),
        signal: options.signal,
        onBytes,
      })
    } finally {
      await body.cancel().catch(() => undefined)
    }
  }

  /**
   * Download a whole artifact into `directory` (created if needed): every complete file
   * at its path, each verified against its size and SHA-256 through a temporary name, so
   * an interrupted download never leaves a file that looks complete. Several small files
   * come as the server's `.tar.gz`, extracted as it streams in (only regular files of the
   * artifact are accepted; nothing is written outside `directory`); big files come one
   * request each. Existing files are never replaced: the call fails before downloading.
   * With `tarball: true`, saves the `.tar.gz` itself as `artifact-{id}.tar.gz`.
   *
   * @example
   * await client.artifacts.downloadTo(42, './hello', { onProgress: ({ loaded, total }) => … })
   * @returns the artifact, as the server describes it
   * @throws {ArtifactDownloadError} when a destination file exists, a file is corrupt, or the archive holds an unsafe entry
   * @throws {NotFoundError} when there is no such artifact
   */
  async downloadTo(
    id: number,
    directory: string,
    options: ArtifactDownloadToOptions = {},
  ): Promise<Artifact> {
    const artifact = await this.get(id, options)
    const { transport } = this.#context
    if (options.tarball === true) {
      const name = `artifact-${artifact.id}.tar.gz`
      const destination = resolve(directory, name)
      if (await exists(destination)) throw destinationExists(artifact.id, name, destination)
      const response = await transport.stream('GET', artifact.download_tar_gz_url, {
        ...requestOptions(options),
        expectedStatus: 200,
      })
      const body =
        response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
      let loaded = 0
      await writeVerified(body, {
        artifactId: artifact.id,
        path: name,
        destination,
        expected: undefined,
        signal: options.signal,
        onBytes: (bytes) => {
          loaded += bytes
          options.onProgress?.({ path: name, loaded, total: undefined })
        },
      })
      return artifact
    }

    const expected = completeFiles(artifact)
    const destinations = new Map(
      [...expected.keys()].map((name) => [name, destinationOf(artifact.id, directory, name)]),
    )
    for (const [name, destination] of destinations) {
      if (await exists(destination)) throw destinationExists(artifact.id, name, destination)
    }
    const total = [...expected.values()].reduce((sum, content) => sum + content.size, 0)
    let loaded = 0
    const progress = (name: string, bytes: number): void => {
      loaded += bytes
      options.onProgress?.({ path: name, loaded, total })
    }
    const sizes = [...expected.values()].map((content) => content.size)
    const asArchive =
      expected.size !== 1 &&
      sizes.every((size) => size <= ARCHIVE_MAX_FILE_SIZE) &&
      total < ARCHIVE_MAX_TOTAL_SIZE
    if (asArchive) {
      const response = await transport.stream('GET', artifact.download_tar_gz_url, {
        ...requestOptions(options),
        expectedStatus: 200,
      })
      const body =
        response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
      try {
        await extractArchive(body, {
          artifactId: artifact.id,
          directory,
          expected,
          signal: options.signal,
          onBytes: progress,
        })
      } finally {
        await body.cancel().catch(() => undefined)
      }
    } else {
      for (const [name, destination] of destinations) {
        const file = artifact.files[name] as FileResponse
        await this.#writeFile(artifact, name, file, destination, options, (bytes) => progress(name, bytes))
      }
    }
    return artifact
  }
}
