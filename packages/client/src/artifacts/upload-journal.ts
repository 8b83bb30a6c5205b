import { createHash } from 'node:crypto'
import { readdir, readFile, rm } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import { writeFileAtomically } from '../atomic-write.js'

/** How long a journal entry stays usable by default: 7 days. */
export const DEFAULT_JOURNAL_MAX_AGE_MS = 7 * 24 * 3600 * 1000

/** What identifies one upload: the same command run again has the same key. */
export interface UploadJournalKey {
  /** The API URL. */
  server: string
  scope: string | undefined
  workspace: string | undefined
  category: string
  data: unknown
  /** Every local file: its path in the artifact, local path, size, mtime and SHA-256. */
  files: readonly {
    path: string
    localPath: string
    size: number
    mtimeMs: number
    sha256: string
  }[]
}

/** What the journal remembers of an upload. */
export interface UploadJournalEntry {
  /** The artifact being uploaded; undefined while its creation has an unknown outcome. */
  artifactId: number | undefined
  /** When the create request of an unknown outcome was sent (ISO 8601). */
  pendingSince?: string | undefined
  /** When the entry was first written (ISO 8601); it expires counted from here. */
  createdAt: string
  /** For people reading the file: the server, workspace, category and paths. */
  summary: string
}

/** Options of {@link UploadJournal}. */
export interface UploadJournalOptions {
  /** Where entries live; default {@link UploadJournal.defaultDirectory}. */
  directory?: string | undefined
  /** How long an entry stays usable, in milliseconds; default 7 days. */
  maxAgeMs?: number | undefined
}

/** JSON with object keys sorted, so that equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([name, item]) => `${JSON.stringify(name)}:${canonicalJson(item)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

/**
 * A local record of artifact uploads in progress, so that the same upload run again after
 * a crash, Ctrl-C or `kill` continues the same artifact instead of creating another. One
 * small JSON file per upload (mode 0600, written atomically) under
 * `$XDG_STATE_HOME/debusine-ts/uploads` (or `~/.local/state/debusine-ts/uploads`), named
 * by a hash of the server, scope, workspace, category, data and each file's path, size,
 * mtime and SHA-256: a changed file makes another key. Entries expire after `maxAgeMs`
 * and are removed once their upload completed.
 *
 * @example
 * const journal = new UploadJournal({ directory: '/var/lib/my-service/uploads' })
 * await client.artifacts.upload(local, { resume: journal })
 */
export class UploadJournal {
  /** The directory entries live in. */
  readonly directory: string
  /** How long an entry is kept, in milliseconds. */
  readonly maxAgeMs: number

  /** A journal in `options.directory` (default {@link UploadJournal.defaultDirectory}). */
  constructor(options: UploadJournalOptions = {}) {
    this.directory = options.directory ?? UploadJournal.defaultDirectory()
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_JOURNAL_MAX_AGE_MS
  }

  /** `$XDG_STATE_HOME/debusine-ts/uploads`, or `~/.local/state/debusine-ts/uploads`. */
  static defaultDirectory(environment: Readonly<Record<string, string | undefined>> = process.env): string {
    const state = environment.XDG_STATE_HOME
    const base = state !== undefined && state.startsWith('/') ? state : join(homedir(), '.local', 'state')
    return join(base, 'debusine-ts', 'uploads')
  }

  /** The file name of a key: a SHA-256 of its canonical JSON. */
  static keyOf(key: UploadJournalKey): string {
    return createHash('sha256').update(canonicalJson(key)).digest('hex')
  }

  #file(key: string): string {
    return join(this.directory, `${key}.json`)
  }

  /** The entry of `key`, unless there is none or it expired (an expired entry is removed). */
  async find(key: string): Promise<UploadJournalEntry | undefined> {
    let entry: UploadJournalEntry
    try {
      entry = JSON.parse(await readFile(this.#file(key), 'utf8')) as UploadJournalEntry
    } catch {
      return undefined
    }
    if (!(Date.now() - Date.parse(entry.createdAt) < this.maxAgeMs)) {
      await this.forget(key)
      return undefined
    }
    return entry
  }

  /** Write the entry of `key` (atomically, mode 0600). */
  async record(key: string, entry: UploadJournalEntry): Promise<void> {
    await writeFileAtomically(this.#file(key), `${JSON.stringify(entry, null, 2)}\n`, { mode: 0o600 })
  }

  /** Remove the entry of `key`, if any. */
  async forget(key: string): Promise<void> {
    await rm(this.#file(key), { force: true })
  }

  #anchorFile(server: string): string {
    return join(
      this.directory,
      `server-${createHash('sha256').update(server).digest('hex').slice(0, 32)}.json`,
    )
  }

  /**
   * The highest artifact id this journal saw created on `server`: where to start looking
   * for an artifact whose create request lost its answer.
   */
  async lastArtifactId(server: string): Promise<number | undefined> {
    try {
      const { artifactId } = JSON.parse(await readFile(this.#anchorFile(server), 'utf8')) as {
        artifactId?: unknown
      }
      return typeof artifactId === 'number' ? artifactId : undefined
    } catch {
      return undefined
    }
  }

  /** Remember that artifact `artifactId` exists on `server` (kept when higher than the last one). */
  async noteArtifactId(server: string, artifactId: number): Promise<void> {
    const last = await this.lastArtifactId(server)
    if (last !== undefined && last >= artifactId) return
    await writeFileAtomically(this.#anchorFile(server), `${JSON.stringify({ server, artifactId })}\n`, {
      mode: 0o600,
    })
  }

  /** Remove every expired entry; returns how many were removed. */
  async prune(): Promise<number> {
    const names = await readdir(this.directory).catch(() => [] as string[])
    let removed = 0
    for (const name of names.filter((file) => /^[0-9a-f]{64}\.json$/.test(file))) {
      const key = name.slice(0, -'.json'.length)
      const before = await readFile(this.#file(key), 'utf8').catch(() => undefined)
      if (before !== undefined && (await this.find(key)) === undefined) removed += 1
    }
    return removed
  }
}
