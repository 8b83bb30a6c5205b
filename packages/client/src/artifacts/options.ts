import type { RequestOptions } from '@debusine-ts/transport'
import type { Artifact } from '@debusine-ts/models'
import type { UploadJournal } from './upload-journal.js'

/** Options of the artifact operations that name a workspace. */
export interface ArtifactRequestOptions extends RequestOptions {
  /** The workspace; the client's default workspace when unset (the server's default for creation). */
  workspace?: string | undefined
}

/** Options of {@link Artifacts.create}. */
export interface ArtifactCreateOptions extends ArtifactRequestOptions {
  /** The work request that creates the artifact (only with that work request's own token). */
  workRequest?: number | null | undefined
  /**
   * When the artifact expires: an absolute time. The 0.16.2 server ignores `expire_at`
   * and reads `expiration_delay` only, so the client sends both: the date, and the delay
   * from now to it (rounded up to whole seconds).
   */
  expireAt?: Date | string | null | undefined
  /**
   * How long the artifact is kept after its creation: seconds, or a duration as the
   * server reads it (`"3 00:00:00"`, `"P3D"`). `0` keeps it forever; unset or null uses
   * the workspace's default. Cannot be combined with `expireAt`.
   */
  expirationDelay?: number | string | null | undefined
}

/** Progress of an upload: bytes the server acknowledged, per file and in total. */
export interface UploadProgress {
  /** The path in the artifact of the file this report is about. */
  path: string
  /** Bytes of that file the server holds. */
  fileCommitted: number
  /** Size of that file. */
  fileSize: number
  /** Bytes the server holds, over all the files this call uploads. */
  committed: number
  /** Total size of the files this call uploads. */
  total: number
  /** Bytes this call has sent so far, acknowledged or not (resends included). */
  sent: number
}

/** Something an upload tells its caller about resuming, as it happens. */
export interface UploadNotice {
  /**
   * - `resumed`: the upload continues an artifact an earlier run created;
   * - `restarted`: the journal named an artifact that cannot be continued (gone from the
   *   server, or its files differ): a new one is created;
   * - `recovered`: the create request's answer was lost, and the artifact it created was found.
   */
  kind: 'resumed' | 'restarted' | 'recovered'
  /** The artifact concerned. */
  artifactId: number
  /** One sentence for people. */
  message: string
}

/** What the file transfers of one call retry, and for how long. */
export interface TransferTimeouts {
  /**
   * How long one request of a file transfer may make no progress (no byte sent or
   * received, or no answer once everything was sent) before it is abandoned and retried
   * from where the server is, in milliseconds; default 60 000.
   */
  stallTimeout?: number | undefined
  /**
   * How long a file transfer goes on retrying without progress before it gives up, in
   * milliseconds; default 300 000. Any new byte acknowledged (upload) or received
   * (download) starts the count again, so a flaky link that keeps making progress never
   * makes the transfer fail.
   */
  progressTimeout?: number | undefined
}

/**
 * Options of the uploads ({@link Artifacts.upload}, {@link Artifacts.uploadFiles}).
 * `timeout` and `maxRetries` apply to the JSON requests (the create, the reads of the
 * artifact); the file transfers follow {@link TransferTimeouts}.
 */
export interface ArtifactUploadOptions extends ArtifactCreateOptions, TransferTimeouts {
  /**
   * Resume the upload of an artifact created earlier (for example by a call that was
   * interrupted): its files are compared with the local ones, and only what the server
   * still lacks is sent. No artifact is created.
   */
  artifactId?: number | undefined
  /**
   * Whether {@link Artifacts.upload} records the upload in a local journal so that the
   * same upload run again (after a crash, Ctrl-C, `kill`) continues the same artifact and
   * sends only what the server lacks: `true` (default) uses the journal in
   * `$XDG_STATE_HOME/debusine-ts` (or `~/.local/state/debusine-ts`), an
   * {@link UploadJournal} uses that one, `false` neither reads nor writes a journal
   * (every call creates a new artifact).
   */
  resume?: boolean | UploadJournal | undefined
  /**
   * How many files' bytes are sent at the same time; default 1. Once a file's last byte is
   * sent, the next file's bytes go while the server stores and checks it (one file more
   * than this waits for its answer), so the connection does not sit idle while the server
   * checks each file, as it would if each file waited for the last one's answer.
   */
  concurrency?: number | undefined
  /**
   * The largest body of one PUT, in bytes; default `Infinity`: each file in one request,
   * streamed from disk with constant memory: each chunk would be a new request that reopens
   * the partial file on the server. A
   * request larger than 50 MiB that is refused with 413 (a proxy's body limit, such as
   * Debusine's nginx) or fails goes on in chunks of at most 50 MiB; a chunk that fails
   * while being sent is followed by chunks half its size (down to 1 MiB), so that a link
   * that drops connections after a few MiB still lets the upload through.
   */
  chunkSize?: number | undefined
  /** Called each time bytes are sent or acknowledged (at most every 256 KiB of sent bytes). */
  onProgress?: ((progress: UploadProgress) => void) | undefined
  /** Called when the upload resumes, restarts or recovers an artifact (see {@link UploadNotice}). */
  onNotice?: ((notice: UploadNotice) => void) | undefined
  /**
   * Called once the artifact is known, before any file is sent (its `files_to_upload`
   * lists what the server still lacks): `created` is true when this call's create request
   * made it, false when the upload continues an artifact found on the server (an earlier
   * run's, or this call's own whose answer was lost).
   */
  onArtifact?: ((artifact: Artifact, state: { created: boolean }) => void) | undefined
}

/** Progress of a download: bytes written. */
export interface DownloadProgress {
  /** The path in the artifact being written, or the tarball's file name. */
  path: string
  /** Bytes written, over the whole call. */
  loaded: number
  /** Bytes expected over the whole call, when known. */
  total: number | undefined
}

/** Options of the downloads; a cut transfer resumes from the bytes already written (see {@link TransferTimeouts}). */
export interface ArtifactDownloadOptions extends ArtifactRequestOptions, TransferTimeouts {
  /** Called as bytes are written. */
  onProgress?: ((progress: DownloadProgress) => void) | undefined
}

/** Options of {@link Artifacts.downloadTo}. */
export interface ArtifactDownloadToOptions extends ArtifactDownloadOptions {
  /**
   * Save the server's `.tar.gz` as `artifact-{id}.tar.gz` in the directory instead of
   * extracting it (the tarball is then not verified: the server announces no checksum).
   */
  tarball?: boolean | undefined
  /**
   * Download only the files the server holds completely, instead of failing when the
   * artifact has files whose upload never finished (the error names them).
   */
  completeFilesOnly?: boolean | undefined
}
