import type { RequestOptions } from '@debusine-ts/transport'

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

/** Options of the uploads ({@link Artifacts.upload}, {@link Artifacts.uploadFiles}). */
export interface ArtifactUploadOptions extends ArtifactCreateOptions {
  /**
   * Resume the upload of an artifact created earlier (for example by a call that was
   * interrupted): its files are compared with the local ones, and only what the server
   * still lacks is sent. No artifact is created.
   */
  artifactId?: number | undefined
  /** How many files are sent at the same time; default 1 (fastest on the measured server, see the README). */
  concurrency?: number | undefined
  /**
   * The largest body of one PUT, in bytes; default `Infinity`: each file in one request,
   * streamed from disk with constant memory, measured fastest (tooling/bench/README.md). A
   * request larger than 50 MiB that is refused with 413 (a proxy's body limit, such as
   * Debusine's nginx) or fails goes on in 50 MiB chunks. Smaller chunks commit progress
   * more often, so an interrupted upload loses less.
   */
  chunkSize?: number | undefined
  /**
   * Retries of one chunk after a connection error, a stall or a 5xx; default 3 (so 4
   * attempts). A 409 (the server's hash of the file did not match) restarts the whole
   * file instead, at most 3 times.
   */
  maxRetries?: number | undefined
  /**
   * How long a chunk may make no progress (no byte read by the connection, or no answer
   * once all was sent) before it is abandoned and retried, in milliseconds; default 60 000.
   */
  timeout?: number | undefined
  /** Called each time bytes are sent or acknowledged (at most every 256 KiB of sent bytes). */
  onProgress?: ((progress: UploadProgress) => void) | undefined
}

/** Progress of a download: bytes written. */
export interface DownloadProgress {
  /** The path in the artifact being written, or the archive's file name. */
  path: string
  /** Bytes written, over the whole call. */
  loaded: number
  /** Bytes expected over the whole call, when known. */
  total: number | undefined
}

/** Options of the downloads. */
export interface ArtifactDownloadOptions extends ArtifactRequestOptions {
  /** Called as bytes are written. */
  onProgress?: ((progress: DownloadProgress) => void) | undefined
}

/** Options of {@link Artifacts.downloadTo}. */
export interface ArtifactDownloadToOptions extends ArtifactDownloadOptions {
  /**
   * Save the server's `.tar.gz` as `artifact-{id}.tar.gz` in the directory instead of
   * extracting it (the archive is then not verified: the server announces no checksum).
   */
  tarball?: boolean | undefined
}
