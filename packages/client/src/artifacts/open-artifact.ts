import { stat } from 'node:fs/promises'
import type { LocalArtifact } from '@debusine-ts/artifacts'
import {
  ArtifactCreateRequestModel,
  ArtifactSchema,
  ValidationError,
  type Artifact,
  type FileRequest,
} from '@debusine-ts/models'
import { ConnectionError, NotFoundError, pickRequestOptions } from '@debusine-ts/transport'
import type { ClientContext } from '../internal/client-context.js'
import { holdsSent } from '../internal/sent-match.js'
import { UploadJournal, type UploadJournalEntry } from './upload-journal.js'
import type {
  ArtifactCreateOptions,
  ArtifactRequestOptions,
  ArtifactUploadOptions,
  UploadNotice,
} from './options.js'
import { byPath } from './paths.js'
import { CreateOutcomeUnknownError } from '../errors/create-outcome.js'

/**
 * Open or resume an artifact: the artifact an upload sends its files to, created once (the
 * journal records the create before it is sent, and a create whose answer was lost is looked
 * for on the server before it is sent again) or continued from an earlier run.
 */

/** How far past the last known artifact id a lost create is looked for, and how many unseen ids end the search. */
const RECONCILE_SCAN_LIMIT = 256
const RECONCILE_MISSES = 32
/** Clock skew allowed between this machine and the server while no answer told the server's clock. */
const UNKNOWN_CLOCK_SKEW_MS = 5 * 60_000

/** Reads an artifact (the namespace's `get`). */
export type GetArtifact = (id: number, options: ArtifactRequestOptions) => Promise<Artifact>

/**
 * The artifact an upload sends its files to: the one named by `artifactId`, the one the
 * journal recorded for the same upload, or a new one (recorded before it is created, so
 * that a create whose answer is lost is looked for instead of created twice).
 */
export async function openArtifact(
  context: ClientContext,
  get: GetArtifact,
  local: LocalArtifact,
  requests: ReadonlyMap<string, FileRequest>,
  workspace: string | undefined,
  options: ArtifactUploadOptions,
): Promise<{ artifact: Artifact; created?: boolean; journal?: UploadJournal; key?: string }> {
  if (options.artifactId !== undefined) {
    const artifact = await get(options.artifactId, {
      ...pickRequestOptions(options),
      workspace: options.workspace,
    })
    const issues = differences(artifact, local, requests)
    if (issues.length > 0) throw new ValidationError('ArtifactUploadResume', issues)
    return { artifact }
  }
  const journal = journalOf(options)
  if (journal === undefined) {
    return { artifact: await createArtifact(context, local, requests, workspace, options), created: true }
  }
  const key = await journalKey(context, local, requests, workspace)
  const input: ResumeInput = { context, get, local, requests, workspace, options, journal, key }
  const entry = await journal.find(key)
  if (entry?.artifactId !== undefined) {
    const artifact = await artifactOfEntry(input, entry)
    if (artifact !== undefined) return { artifact, journal, key }
  } else if (entry?.pendingSince !== undefined) {
    const recovered = await recoverLostCreate(input, entry.pendingSince)
    return { artifact: await adopt(input, recovered), journal, key }
  }
  const sentAt = new Date().toISOString()
  const summary = `${context.transport.apiUrl} ${workspace ?? '(default workspace)'} ${local.category}: ${[...local.files.keys()].join(', ')}`
  await journal.record(key, { artifactId: undefined, pendingSince: sentAt, createdAt: sentAt, summary })
  let artifact: Artifact
  let created = true
  try {
    artifact = await createArtifact(context, local, requests, workspace, options, false)
  } catch (error) {
    if (!outcomeUnknown(error)) {
      await journal.forget(key)
      throw error
    }
    ;({ artifact, created } = await recoverOrSendAgain(input, sentAt, error as Error, () =>
      createArtifact(context, local, requests, workspace, options),
    ))
  }
  return { artifact: await adopt(input, artifact), created, journal, key }
}

/** Record in the journal that the upload continues `artifact`. */
async function adopt(input: ResumeInput, artifact: Artifact): Promise<Artifact> {
  const now = new Date().toISOString()
  const summary = `${input.context.transport.apiUrl} artifact ${artifact.id} (${artifact.workspace}, ${artifact.category})`
  await input.journal.record(input.key, { artifactId: artifact.id, createdAt: now, summary })
  await input.journal.noteArtifactId(input.context.transport.apiUrl, artifact.id)
  return artifact
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
  // 0.16.2 ignores expire_at and reads expiration_delay (docs/protocol.md §3): send both.
  const seconds = Math.max(1, (date.getTime() - Date.now()) / 1000)
  return { expire_at: date.toISOString(), expiration_delay: durationFromSeconds(seconds) }
}

/** The body of `POST /artifact/` for a local artifact. */
export function artifactCreateBody(
  local: LocalArtifact,
  files: ReadonlyMap<string, FileRequest>,
  workspace: string | undefined,
  options: ArtifactCreateOptions,
): Record<string, unknown> {
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
  return sent
}

/**
 * `POST /artifact/`: create the artifact from its file requests. `retryStaleConnection: false`
 * when the caller looks for the artifact before it sends the create again.
 */
export function createArtifact(
  context: ClientContext,
  local: LocalArtifact,
  files: ReadonlyMap<string, FileRequest>,
  workspace: string | undefined,
  options: ArtifactCreateOptions,
  retryStaleConnection = true,
): Promise<Artifact> {
  const body = artifactCreateBody(local, files, workspace, options)
  return context.transport.request('POST', '/artifact/', {
    ...pickRequestOptions(options),
    body,
    operation: body.expiration_delay == null ? undefined : 'artifacts.create with an expiration',
    schema: ArtifactSchema,
    model: 'Artifact',
    expectedStatus: 201,
    retryStaleConnection,
  })
}

/** Why the server's artifact is not the local one, or an empty list when it is. */
export function differences(
  artifact: Artifact,
  local: LocalArtifact,
  requests: ReadonlyMap<string, FileRequest>,
): { path: string; rule: string; message: string }[] {
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
    if (remote?.size === request?.size && remote?.checksums.sha256 === request?.checksums.sha256) continue
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
  return issues
}

/** The journal an upload uses, if any. */
export function journalOf(options: ArtifactUploadOptions): UploadJournal | undefined {
  if (options.resume === false || options.artifactId !== undefined) return undefined
  return options.resume instanceof UploadJournal ? options.resume : new UploadJournal()
}

/** The journal's key of an upload: server, scope, workspace, category, data, and each file's identity. */
export async function journalKey(
  context: ClientContext,
  local: LocalArtifact,
  requests: ReadonlyMap<string, FileRequest>,
  workspace: string | undefined,
): Promise<string> {
  const files = []
  for (const [path, localPath] of [...local.files].sort(([a], [b]) => byPath(a, b))) {
    const stats = await stat(localPath)
    const sha256 = requests.get(path)?.checksums.sha256 ?? ''
    files.push({ path, localPath, size: stats.size, mtimeMs: stats.mtimeMs, sha256 })
  }
  const remote = [...local.remoteFiles].sort(([a], [b]) => byPath(a, b))
  return UploadJournal.keyOf({
    server: context.transport.apiUrl,
    scope: context.transport.scope,
    workspace,
    category: local.category,
    data: { data: local.data, remote },
    files,
  })
}

/**
 * Whether a failed create may have reached the server: the request went out and no answer
 * came, on a new connection (`unknown`) or on a reused one closed before any byte of its
 * answer (`stale-connection`: most likely never taken up, yet a lost answer looks the same).
 */
export function outcomeUnknown(error: unknown): boolean {
  return ConnectionError.isInstance(error) && error.delivery !== 'not-sent'
}

/**
 * After a create whose answer was lost: the artifact it made, found on the server. When the
 * failure was a stale connection and the look finds nothing, the create is sent once more
 * (`created`); otherwise {@link CreateOutcomeUnknownError}. Never a resend before a look.
 */
export async function recoverOrSendAgain(
  input: ResumeInput,
  sentAt: string,
  error: Error,
  sendAgain: () => Promise<Artifact>,
): Promise<{ artifact: Artifact; created: boolean }> {
  try {
    return { artifact: await recoverLostCreate(input, sentAt, error), created: false }
  } catch (lookError) {
    const stale = ConnectionError.isInstance(error) && error.delivery === 'stale-connection'
    if (!stale || !CreateOutcomeUnknownError.isInstance(lookError)) throw lookError
    return { artifact: await sendAgain(), created: true }
  }
}

/** What a journal-driven upload needs to look for and to open its artifact. */
export interface ResumeInput {
  context: ClientContext
  get: GetArtifact
  local: LocalArtifact
  requests: ReadonlyMap<string, FileRequest>
  workspace: string | undefined
  options: ArtifactUploadOptions
  journal: UploadJournal
  key: string
}

function notify(options: ArtifactUploadOptions, notice: UploadNotice): void {
  options.onNotice?.(notice)
}

/**
 * The artifact a journal entry names, if it can be continued: it still exists and holds
 * the same files. Says why not otherwise (the upload then starts afresh).
 */
export async function artifactOfEntry(
  input: ResumeInput,
  entry: UploadJournalEntry,
): Promise<Artifact | undefined> {
  const { options } = input
  const artifactId = entry.artifactId as number
  let artifact: Artifact
  try {
    artifact = await input.get(artifactId, { ...pickRequestOptions(options), workspace: input.workspace })
  } catch (error) {
    if (!NotFoundError.isInstance(error)) throw error
    notify(options, {
      kind: 'restarted',
      artifactId,
      message: `Artifact ${artifactId} of an earlier run of this upload is gone from the server: creating a new one.`,
    })
    return undefined
  }
  if (differences(artifact, input.local, input.requests).length > 0) {
    notify(options, {
      kind: 'restarted',
      artifactId,
      message: `Artifact ${artifactId} of an earlier run of this upload holds other files: creating a new one.`,
    })
    return undefined
  }
  notify(options, {
    kind: 'resumed',
    artifactId,
    message: `Continuing artifact ${artifactId} of an earlier run of this upload: only the missing bytes are sent.`,
  })
  return artifact
}

/**
 * Look for the artifact a create request of unknown outcome made: the ids after the
 * last one this journal saw on the server, for one created since the request was sent
 * with the same category, workspace, data and files. Throws
 * {@link CreateOutcomeUnknownError} when it cannot be found.
 */
export async function recoverLostCreate(
  input: ResumeInput,
  sentAt: string,
  cause?: Error,
): Promise<Artifact> {
  const { context, local, options } = input
  const server = context.transport.apiUrl
  const anchor = await input.journal.lastArtifactId(server)
  let misses = 0
  for (let id = (anchor ?? 0) + 1; anchor !== undefined && id <= anchor + RECONCILE_SCAN_LIMIT; id += 1) {
    if (misses >= RECONCILE_MISSES) break
    let artifact: Artifact
    try {
      artifact = await input.get(id, pickRequestOptions(options))
    } catch (error) {
      if (!NotFoundError.isInstance(error)) throw error
      misses += 1
      continue
    }
    misses = 0
    // On the server's clock (a lower bound, known once the server answered once).
    const since = Date.parse(sentAt) + (context.transport.serverClockOffset ?? -UNKNOWN_CLOCK_SKEW_MS)
    // The server may fill in defaults of the category's data model: what we sent must hold.
    const sameData = holdsSent(artifact.data, local.data)
    const sameWorkspace = input.workspace === undefined || artifact.workspace === input.workspace
    if (
      sameData &&
      sameWorkspace &&
      Date.parse(artifact.created_at) >= since &&
      differences(artifact, local, input.requests).length === 0
    ) {
      notify(options, {
        kind: 'recovered',
        artifactId: artifact.id,
        message: `The answer to the creation of artifact ${artifact.id} was lost; found it on the server and continuing it.`,
      })
      return artifact
    }
  }
  throw new CreateOutcomeUnknownError({
    what: `${local.category} artifact in workspace "${input.workspace ?? '(default)'}"`,
    startedAt: sentAt,
    check: `the workspace's artifacts on the server (${context.transport.webuiUrl('/')}); to create it anyway, upload without resuming (--no-resume, resume: false)`,
    cause: cause ?? new Error('the answer to the create request of an earlier run of this upload was lost'),
  })
}
