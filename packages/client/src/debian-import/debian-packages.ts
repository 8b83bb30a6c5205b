import type { ClientContext } from '../internal/client-context.js'
import { Artifacts } from '../artifacts/artifacts.js'
import { Relations } from '../relations/relations.js'
import { WorkRequests } from '../work-requests/work-requests.js'
import type { SignedUpload, SignUploadOptions } from '../signing/external-debsign.js'
import type { DebianImport, DebianImportOptions } from './import-debian.js'

/**
 * Debian packages: import a `.dsc`, `.deb` or `.changes` (local or from a URL) as
 * artifacts with their relations, and sign an upload a workflow waits for.
 *
 * @example
 * const { artifact, related } = await client.debian.import('build/hello_1.0-1_amd64.changes')
 * await client.debian.signUpload(workRequestId, { signer: debsign() })
 */
export class DebianPackages {
  readonly #artifacts: Artifacts
  readonly #relations: Relations
  readonly #workRequests: WorkRequests

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#artifacts = new Artifacts(context)
    this.#relations = new Relations(context)
    this.#workRequests = new WorkRequests(context)
  }

  /**
   * Import a Debian file as artifacts, as `debusine import-debian` does: a `.dsc` becomes
   * a `debian:source-package`, a `.deb`/`.udeb`/`.ddeb` a `debian:binary-package`, a
   * `.changes` a `debian:upload` plus the source package (when its `Architecture` has
   * `source`) and a binary package per `.deb`/`.udeb` of each architecture; the upload
   * then `extends` and `relates-to` each of them. `source` is a local path, a `file://`
   * URL, or an http(s) URL: the file and everything it lists are fetched first, dget-style,
   * each checked against the sizes and checksums listed (streamed, memory flat).
   *
   * @example
   * const { artifact } = await client.debian.import('https://mirror.example/debian/pool/main/h/hello/hello_1.0-1.dsc')
   * @throws {ArtifactRuleError} for a file of another kind, a missing listed file, or
   *   files that break the rules of their category (nothing is sent)
   * @throws {DebianDownloadError} when a file cannot be fetched or differs from its listing
   * @throws {ArtifactUploadError} when an upload fails (rerun with `resume` to continue it)
   * @throws {AbortError} when `signal` aborts
   */
  async import(source: string, options?: DebianImportOptions): Promise<DebianImport> {
    // The importer (local artifacts, Deb822, tar) loads when used, not with the client.
    const { importDebian } = await import('./import-debian.js')
    return importDebian({ artifacts: this.#artifacts, relations: this.#relations }, source, options)
  }

  /**
   * Sign the upload a `Wait/externaldebsign` work request waits for, and complete it: get
   * the unsigned upload's `.changes`, `.dsc` and `.buildinfo` (downloaded and verified, or
   * copied from `localChangesFile`'s directory and checked against the server's size and
   * SHA-256), sign them with `signer`, upload the signed upload to the unsigned one's
   * workspace (its other files are declared as already on the server), and complete the
   * work request with it.
   *
   * @example
   * const { workRequest, signed } = await client.debian.signUpload(42, { signer: debsign({ args: ['-k', keyId] }) })
   * @throws {ExternalDebsignError} when the work request is not `Wait/externaldebsign`, names
   *   no upload, or a local file is not the server's (nothing is sent)
   * @throws {UploadSignerError} when `debsign` is missing or fails (nothing is sent)
   * @throws {BadRequestError} when the server refuses the signed upload or the work request is not running
   * @throws {PermissionDeniedError} unless the user created the work request
   * @throws {AbortError} when `signal` aborts
   */
  async signUpload(workRequestId: number, options: SignUploadOptions): Promise<SignedUpload> {
    const { signUpload } = await import('../signing/external-debsign.js')
    return signUpload(
      { artifacts: this.#artifacts, workRequests: this.#workRequests },
      workRequestId,
      options,
    )
  }
}
