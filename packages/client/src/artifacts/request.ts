import type { LocalArtifact } from '@debusine-ts/artifacts'
import { ArtifactCreateRequestModel, ValidationError, type FileRequest } from '@debusine-ts/models'
import type { ArtifactCreateOptions } from './options.js'

/** Compare paths the way the server sorts them. */
export function byPath(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/**
 * The 0.16.2 server refuses paths with whitespace ("Enter a valid URL", docs/protocol.md §5):
 * say so before anything is created.
 */
export function checkPathsAccepted(local: LocalArtifact, model: string): void {
  const issues = [...local.files.keys(), ...local.remoteFiles.keys()]
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
