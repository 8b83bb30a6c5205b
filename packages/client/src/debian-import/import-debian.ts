import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { debianPackageArtifacts } from '@debusine-ts/artifacts'
import { RelationType, type Artifact } from '@debusine-ts/models'
import type { FetchFunction } from '@debusine-ts/transport'
import type { UploadNotice, UploadProgress } from '../artifacts/options.js'
import { UploadJournal } from '../artifacts/upload-journal.js'
import type { Artifacts } from '../artifacts/artifacts.js'
import type { Relations } from '../relations/relations.js'
import { DebianDownloadError } from './debian-download-error.js'
import { fetchDebianFiles } from './fetch-debian-files.js'

/** Options of `client.debian.import`. */
export interface DebianImportOptions {
  /** The workspace of the new artifacts; default: the client's default workspace. */
  workspace?: string | undefined
  /** When the new artifacts expire; default: the workspace's default. */
  expireAt?: Date | string | undefined
  /** Aborts the import (downloads, file reads, uploads). */
  signal?: AbortSignal | undefined
  /** The fetch implementation for an http(s) source; default the global `fetch`. */
  fetch?: FetchFunction | undefined
  /**
   * How long one download from an http(s) source, or one request of an upload, may make no
   * progress before it is abandoned, in milliseconds; default 60 000.
   */
  stallTimeout?: number | undefined
  /** Called as the files of each artifact are uploaded, with the artifact's position (0 first). */
  onProgress?: ((progress: UploadProgress & { artifactIndex: number }) => void) | undefined
  /**
   * Continue what an interrupted import of the same files left on the server: each of its
   * artifacts is looked up in the journal and only the bytes the server lacks are sent
   * (see `ArtifactUploadOptions.resume`); relations already made are not made twice. Default
   * `false`; `true` uses the journal under `$XDG_STATE_HOME/debusine-ts/uploads`.
   */
  resume?: boolean | UploadJournal | undefined
  /** Called once each artifact of the import is known, created or found again (see `ArtifactUploadOptions.onArtifact`). */
  onArtifact?: ((artifact: Artifact, state: { created: boolean; artifactIndex: number }) => void) | undefined
  /** Called when an artifact of the import resumes, restarts or is recovered (see {@link UploadNotice}). */
  onNotice?: ((notice: UploadNotice & { artifactIndex: number }) => void) | undefined
}

/** What `client.debian.import` created. */
export interface DebianImport {
  /** The first artifact: the upload of a `.changes`, or the only artifact of a `.dsc` or `.deb`. */
  artifact: Artifact
  /**
   * The source and binary packages of a `.changes`, in order; `artifact` has an `extends`
   * and a `relates-to` relation to each.
   */
  related: Artifact[]
}

/** The resource namespaces an import uses. */
export interface DebianImportResources {
  artifacts: Artifacts
  relations: Relations
}

/**
 * The journal of an import: an artifact's entry is forgotten only when the whole import
 * completed, so that a rerun after an interruption finds the artifacts already done too
 * (and creates none of them twice), not only the one being uploaded.
 */
class ImportJournal extends UploadJournal {
  readonly #done: string[] = []

  override forget(key: string): Promise<void> {
    this.#done.push(key)
    return Promise.resolve()
  }

  /** Forget the entries of the artifacts the import completed. */
  async forgetDeferred(): Promise<void> {
    for (const key of this.#done.splice(0)) await super.forget(key)
  }
}

function importJournal(resume: DebianImportOptions['resume']): ImportJournal | undefined {
  if (resume === undefined || resume === false) return undefined
  return new ImportJournal(resume === true ? {} : { directory: resume.directory, maxAgeMs: resume.maxAgeMs })
}

// A URL scheme, as Python's urlparse finds one; a Windows drive letter (`C:\`) is a path.
const urlScheme = /^[a-z][a-z0-9+.-]*:/i
const windowsDrive = /^[a-z]:[\\/]/i

/**
 * Import a Debian file, as `debusine import-debian` does; see `client.debian.import`.
 * `source` is a local path (relative to the current directory), a `file://` URL, or an
 * http(s) URL whose files are fetched into a temporary directory first (removed after).
 */
export async function importDebian(
  resources: DebianImportResources,
  source: string,
  options: DebianImportOptions = {},
): Promise<DebianImport> {
  const { signal } = options
  let temporary: string | undefined
  try {
    let path: string
    if (/^https?:\/\//i.test(source)) {
      temporary = await mkdtemp(join(tmpdir(), 'debusine-ts-import-'))
      path = await fetchDebianFiles(source, temporary, {
        signal,
        fetch: options.fetch,
        stallTimeout: options.stallTimeout,
      })
    } else if (source.startsWith('file://')) {
      path = fileURLToPath(source)
    } else if (urlScheme.test(source) && !windowsDrive.test(source)) {
      throw new DebianDownloadError(
        'unsupported_url',
        `Not a supported URL scheme: ${source} (give a local path, a file:// URL or an http(s) URL).`,
        { url: source },
      )
    } else {
      path = resolve(source)
    }
    const locals = await debianPackageArtifacts(path, { signal })
    const journal = importJournal(options.resume)
    const uploaded: Artifact[] = []
    for (const [artifactIndex, local] of locals.entries()) {
      uploaded.push(
        await resources.artifacts.upload(local, {
          workspace: options.workspace,
          expireAt: options.expireAt,
          stallTimeout: options.stallTimeout,
          signal,
          resume: journal ?? false,
          onArtifact:
            options.onArtifact === undefined
              ? undefined
              : (created, state) => options.onArtifact?.(created, { ...state, artifactIndex }),
          onNotice:
            options.onNotice === undefined
              ? undefined
              : (notice) => options.onNotice?.({ ...notice, artifactIndex }),
          onProgress:
            options.onProgress === undefined
              ? undefined
              : (progress) => options.onProgress?.({ ...progress, artifactIndex }),
        }),
      )
    }
    const [artifact, ...related] = uploaded as [Artifact, ...Artifact[]]
    for (const target of related) {
      await resources.relations.create(artifact.id, target.id, RelationType.EXTENDS, { signal })
      await resources.relations.create(artifact.id, target.id, RelationType.RELATES_TO, { signal })
    }
    await journal?.forgetDeferred()
    return { artifact, related }
  } finally {
    if (temporary !== undefined) await rm(temporary, { recursive: true, force: true })
  }
}
