import { isAbsolute, resolve } from 'node:path'
import type { LocalArtifact } from '@debusine-ts/artifacts'
import { ValidationError, type Artifact } from '@debusine-ts/models'
import { pickRequestOptions } from '@debusine-ts/transport'
import { workspaceFor, type ClientContext } from '../internal/client-context.js'
import { uploadFile } from '../internal/transfers/upload-file.js'
import { runPipelined, type PipelinedUpload } from '../internal/transfers/upload-pipeline.js'
import { ArtifactUploadError } from '../errors/artifact-errors.js'
import { ArtifactIncompleteError } from '../errors/artifact-incomplete-error.js'
import type { ArtifactUploadOptions, TransferTimeouts, UploadProgress } from './options.js'
import { checkPathsAccepted } from './paths.js'
import { checkCount, checkMilliseconds } from '../internal/argument-checks.js'
import { openArtifact, type GetArtifact } from './open-artifact.js'

/**
 * Default number of files whose bytes are sent at once: one body at a time, the next one sent
 * while the server checks the last, is faster than two or more at once, which also cost the
 * server more CPU.
 */
const DEFAULT_CONCURRENCY = 1
/**
 * Files whose bytes were all sent and whose answer is awaited, beyond `concurrency`: the
 * next file's bytes go while the server stores and checks the last one (see `runPipelined`).
 */
const ANSWERS_AWAITED = 1
/**
 * Default largest PUT body: a whole file per request, streamed from disk with constant
 * memory: each chunk would be a new request that reopens the partial file on the server.
 * A proxy that refuses large bodies
 * (Debusine's nginx takes 50 MiB) makes the upload go on in 50 MiB chunks by itself.
 */
export const DEFAULT_CHUNK_SIZE = Number.POSITIVE_INFINITY
/** Default {@link TransferTimeouts}. */
export const DEFAULT_STALL_TIMEOUT_MS = 60_000
export const DEFAULT_PROGRESS_TIMEOUT_MS = 300_000
const PROGRESS_STEP = 256 * 1024

/** A local file to upload under a path of the artifact. */
export interface LocalFile {
  localPath: string
  size: number
}

/** Refuse invalid transfer timeouts of a download before anything is sent. */
export function checkTransferTimeouts(model: string, options: TransferTimeouts): void {
  checkMilliseconds(model, 'stallTimeout', options.stallTimeout, 1)
  checkMilliseconds(model, 'progressTimeout', options.progressTimeout, 0)
}

/** Refuse invalid upload options before anything is sent. */
export function checkUploadOptions(options: ArtifactUploadOptions): void {
  checkCount('ArtifactUploadOptions', 'concurrency', options.concurrency, 1)
  checkCount('ArtifactUploadOptions', 'chunkSize', options.chunkSize, 1, { infinite: true })
  checkMilliseconds('ArtifactUploadOptions', 'stallTimeout', options.stallTimeout, 1)
  checkMilliseconds('ArtifactUploadOptions', 'progressTimeout', options.progressTimeout, 0)
}

/** {@link Artifacts.upload}. */
export async function uploadArtifact(
  context: ClientContext,
  get: GetArtifact,
  local: LocalArtifact,
  options: ArtifactUploadOptions,
): Promise<Artifact> {
  checkPathsAccepted(local, 'ArtifactCreateRequest')
  checkUploadOptions(options)
  await local.validate()
  const requests = await local.fileRequests(options.signal ? { signal: options.signal } : {})
  const workspace = workspaceFor(context, options.workspace)
  const { artifact, created, journal, key } = await openArtifact(
    context,
    get,
    local,
    requests,
    workspace,
    options,
  )
  options.onArtifact?.(artifact, { created: created === true })
  const locals = new Map<string, LocalFile>()
  for (const [name, localPath] of local.files) {
    locals.set(name, { localPath, size: requests.get(name)?.size ?? 0 })
  }
  const final = await sendMissing(
    context,
    get,
    artifact,
    locals,
    { requireAll: true, fresh: created === true },
    options,
  )
  if (journal !== undefined && key !== undefined) await journal.forget(key)
  return final
}

/** {@link Artifacts.uploadFiles}: the local files of an existing artifact, checked against it. */
export function localFilesOf(
  artifact: Artifact,
  entries: readonly (readonly [string, string])[],
  baseDirectory: string | undefined,
): Map<string, LocalFile> {
  const issues = []
  const locals = new Map<string, LocalFile>()
  for (const [name, localPath] of entries) {
    const file = artifact.files[name]
    if (file === undefined) {
      issues.push({
        path: `files.${name}`,
        rule: 'not_in_artifact',
        message: `artifact ${artifact.id} has no file "${name}"`,
      })
    } else if (!isAbsolute(localPath) && baseDirectory === undefined) {
      issues.push({
        path: `files.${name}`,
        rule: 'relative_path',
        message: `"${localPath}" is relative: give baseDirectory, or an absolute path`,
      })
    } else {
      locals.set(name, { localPath: resolve(baseDirectory ?? '/', localPath), size: file.size })
    }
  }
  if (issues.length > 0) throw new ValidationError('UploadFiles', issues)
  return locals
}

/** The files of `artifact` the server still lacks, with their local files (all of them when `requireAll`). */
function queueOf(
  artifact: Artifact,
  locals: ReadonlyMap<string, LocalFile>,
  requireAll: boolean,
): [string, LocalFile][] {
  const queue: [string, LocalFile][] = []
  for (const name of artifact.files_to_upload.filter((path) => requireAll || locals.has(path))) {
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
  return queue
}

/** Progress over the files of one call, reported at most every {@link PROGRESS_STEP} sent bytes. */
function progressReporter(
  queue: readonly [string, LocalFile][],
  onProgress: ArtifactUploadOptions['onProgress'],
): { committed: (name: string, bytes: number) => void; sent: (name: string, bytes: number) => void } {
  const total = queue.reduce((sum, [, local]) => sum + local.size, 0)
  const sizes = new Map(queue.map(([name, local]) => [name, local.size]))
  const perFile = new Map<string, number>()
  let committed = 0
  let sent = 0
  let lastReported = -Infinity
  const report = (name: string, force: boolean): void => {
    if (onProgress === undefined || (!force && sent - lastReported < PROGRESS_STEP)) return
    lastReported = sent
    const progress: UploadProgress = {
      path: name,
      fileCommitted: perFile.get(name) ?? 0,
      fileSize: sizes.get(name) ?? 0,
      committed,
      total,
      sent,
    }
    onProgress(progress)
  }
  return {
    committed: (name, bytes) => {
      committed += bytes - (perFile.get(name) ?? 0)
      perFile.set(name, bytes)
      report(name, true)
    },
    sent: (name, bytes) => {
      sent += bytes
      report(name, false)
    },
  }
}

/**
 * Send the files the server lacks, `concurrency` at a time (all of `files_to_upload`
 * when `requireAll`, else those with a local file; `fresh` when the artifact was just
 * created, so the server holds nothing yet). Each file is done once the server answered
 * that it holds it whole, its SHA-256 checked. Then the artifact is read back: it is
 * returned only if the server lists none of those files as still to upload.
 *
 * @throws {ArtifactIncompleteError} when the server still lists a file sent as to be uploaded
 */
export async function sendMissing(
  context: ClientContext,
  get: GetArtifact,
  artifact: Artifact,
  locals: ReadonlyMap<string, LocalFile>,
  { requireAll, fresh }: { requireAll: boolean; fresh: boolean },
  options: ArtifactUploadOptions,
): Promise<Artifact> {
  const queue = queueOf(artifact, locals, requireAll)
  const progress = progressReporter(queue, options.onProgress)
  // The first failure stops the other files: the user reruns the call to resume.
  const stop = new AbortController()
  const signal = options.signal === undefined ? stop.signal : AbortSignal.any([options.signal, stop.signal])
  const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY
  let firstError: Error | undefined
  const uploads = queue.map(([name, local]): PipelinedUpload => async (bodySent) => {
    try {
      await uploadFile({
        transport: context.transport,
        artifactId: artifact.id,
        path: name,
        localPath: local.localPath,
        size: local.size,
        fresh,
        chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
        stallTimeout: options.stallTimeout ?? DEFAULT_STALL_TIMEOUT_MS,
        progressTimeout: options.progressTimeout ?? DEFAULT_PROGRESS_TIMEOUT_MS,
        signal,
        isComplete: async () =>
          !(await get(artifact.id, { signal, workspace: options.workspace })).files_to_upload.includes(name),
        onCommitted: (bytes) => progress.committed(name, bytes),
        onSent: (bytes) => progress.sent(name, bytes),
        onBodySent: bodySent,
      })
    } catch (error) {
      // The others then fail with an abort of our own: the first failure is the story.
      firstError ??= error instanceof Error ? error : new Error(String(error))
      stop.abort(firstError)
      throw firstError
    }
  })
  // Every failed upload rethrows `firstError`: that is what this rejects with.
  await runPipelined(uploads, { sending: concurrency, started: concurrency + ANSWERS_AWAITED })
  return checkedComplete(get, artifact.id, requireAll ? undefined : new Set(locals.keys()), options)
}

/**
 * The artifact as the server now lists it, once it lists none of `expected` (every file
 * when undefined) as still to upload: an answer of the server for one file is not taken
 * as the truth about the artifact.
 */
async function checkedComplete(
  get: GetArtifact,
  artifactId: number,
  expected: ReadonlySet<string> | undefined,
  options: ArtifactUploadOptions,
): Promise<Artifact> {
  const final = await get(artifactId, { ...pickRequestOptions(options), workspace: options.workspace })
  const missing = final.files_to_upload.filter((name) => expected === undefined || expected.has(name))
  if (missing.length > 0) throw new ArtifactIncompleteError(artifactId, missing)
  return final
}
