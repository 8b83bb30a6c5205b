import { ValidationError } from '@debusine-ts/models'
import { sleep } from '@debusine-ts/transport'
import type { ArchiveLocation } from './archive-http.js'
import { ArchiveHttpError } from './archive-http-error.js'
import { listsPackage } from './package-listing.js'
import { readIndex, readRelease, type ReleaseFile } from './release-index.js'
import { readSigningKey, type SigningKey } from './signing-key.js'
import { renderSources, type AptSources } from './sources.js'
import { verifyRelease, type ReleaseVerification } from './verify-release.js'
import { VisibilityTimeoutError } from './visibility-timeout-error.js'

/** Where the archive is: {@link ArchiveLocation} and the server's scope. */
export interface ArchiveRepositoryOptions extends ArchiveLocation {
  /** The scope of the workspaces, e.g. `debian`. */
  scope: string
}

/** Options of {@link ArchiveRepository.signingKey}. */
export interface SigningKeyOptions {
  /** How long an empty key block is retried, in ms; default {@link DEFAULT_KEY_DEADLINE_MS}. */
  deadlineMs?: number | undefined
  signal?: AbortSignal | undefined
}

/** Options of {@link ArchiveRepository.sources}. */
export interface SourcesOptions extends SigningKeyOptions {
  /** The suites (at least one). */
  suites: readonly string[]
  /** The components; default: those the first suite's InRelease lists. */
  components?: readonly string[] | undefined
  /** Restrict apt to these architectures; default: none named (all of the suite's). */
  architectures?: readonly string[] | undefined
  /** Where the one-line form expects the key; default `/etc/apt/keyrings/debusine-{workspace}.asc`. */
  keyFile?: string | undefined
}

/** What a package is looked for as, in {@link ArchiveRepository.waitVisible} and {@link ArchiveRepository.isPublished}. */
export interface PackageVersion {
  /** The source package's name (or a binary package's). */
  source: string
  version: string
  /** Architectures whose index must list it; default the suite's, `all` left out. */
  architectures?: readonly string[] | undefined
}

/** Options of {@link ArchiveRepository.waitVisible}. */
export interface WaitVisibleOptions extends PackageVersion {
  /** How long to wait, in ms; default 10 minutes. */
  deadlineMs?: number | undefined
  /** The wait between two reads of the index, in ms; default 2000. */
  pollIntervalMs?: number | undefined
  signal?: AbortSignal | undefined
}

/** What {@link ArchiveRepository.waitVisible} saw. */
export interface Visibility {
  /** The architectures whose index lists the version. */
  architectures: string[]
  /** Milliseconds from the call to the read that listed it. */
  elapsedMs: number
  /** Whether InRelease's signature was checked with gpgv. */
  verification: ReleaseVerification
}

/**
 * The apt repository the server serves for each workspace with a `debian:suite`
 * collection, on its archive host name: `{url}/{scope}/{workspace}/`. Reads go straight to
 * the archive without caches; InRelease's signature is checked with `gpgv` when it is
 * installed (the answers say whether it was).
 */
export class ArchiveRepository {
  readonly #options: ArchiveRepositoryOptions

  constructor(options: ArchiveRepositoryOptions) {
    if (!/^https?:\/\/[^/]+/.test(options.url))
      throw new ValidationError('ArchiveRepository', [
        {
          path: 'url',
          rule: 'http_url',
          message: `url must be the archive's http(s) base URL, got ${JSON.stringify(options.url)}`,
        },
      ])
    this.#options = { ...options, url: options.url.replace(/\/+$/, '') }
  }

  /** The repository's URL, e.g. `http://deb.localhost:8011/debusine/W` (apt's `URIs`). */
  url(workspace: string): string {
    return `${this.#options.url}/${this.#options.scope}/${workspace}`
  }

  #base(workspace: string): string {
    return `${this.#options.scope}/${workspace}/`
  }

  /**
   * The workspace's archive key, once it holds a public key (an empty block is retried).
   * @throws {ArchiveKeyError} still empty at the deadline; {@link ArchiveHttpError} on an error status
   */
  signingKey(workspace: string, options: SigningKeyOptions = {}): Promise<SigningKey> {
    return readSigningKey(this.#options, this.#base(workspace), options)
  }

  /** A suite's InRelease, parsed (not verified). @throws {ArchiveHttpError} 404 for a suite that does not exist */
  release(workspace: string, suite: string, signal?: AbortSignal): Promise<ReleaseFile> {
    return readRelease(this.#options, this.#base(workspace), suite, signal)
  }

  /** The apt sources of suites of the workspace, with the key inline, and the auth stanza when the location has credentials. */
  async sources(
    workspace: string,
    options: SourcesOptions,
  ): Promise<AptSources & { fingerprints: string[] }> {
    const key = await this.signingKey(workspace, options)
    const [first] = options.suites
    let components = options.components ?? []
    for (const suite of options.suites) {
      const release = await this.release(workspace, suite, options.signal)
      if (components.length === 0 && suite === first) components = release.components
    }
    const rendered = renderSources({
      url: this.url(workspace),
      armored: key.armored,
      suites: options.suites,
      components,
      architectures: options.architectures ?? [],
      keyFile: options.keyFile ?? `/etc/apt/keyrings/debusine-${workspace}.asc`,
      auth: this.#options.auth,
    })
    return { ...rendered, fingerprints: key.fingerprints }
  }

  /** The architectures of `wanted` whose index lists the version, and the release read. */
  async #listing(workspace: string, suite: string, wanted: PackageVersion, signal?: AbortSignal) {
    let release: ReleaseFile
    try {
      release = await this.release(workspace, suite, signal)
    } catch (error) {
      // A suite has no InRelease until something is published in it: nothing is listed yet.
      if (!ArchiveHttpError.isInstance(error) || error.status !== 404) throw error
      const asked = wanted.architectures?.length ? [...wanted.architectures] : ['(any)']
      return { release: undefined, asked, listed: [] as string[] }
    }
    const architectures = wanted.architectures ?? release.architectures.filter((arch) => arch !== 'all')
    const asked = architectures.length > 0 ? architectures : ['all']
    const listedIn = new Set<string>()
    for (const arch of new Set([...asked, 'all'])) {
      for (const component of release.components) {
        const index =
          arch === 'source' ? `${component}/source/Sources` : `${component}/binary-${arch}/Packages`
        const found = await readIndex(this.#options, this.#base(workspace), suite, release, index, signal)
        if (found.some((paragraph) => listsPackage(paragraph, wanted.source, wanted.version)))
          listedIn.add(arch)
      }
    }
    // apt on an architecture reads binary-all too.
    const listed = asked.filter((arch) => listedIn.has(arch) || (arch !== 'source' && listedIn.has('all')))
    return { release, asked, listed }
  }

  /**
   * Whether the suite's index lists the version for every asked architecture, now (`false`
   * for a suite without InRelease: nothing published yet, or no such suite).
   */
  async isPublished(
    workspace: string,
    suite: string,
    wanted: PackageVersion,
    signal?: AbortSignal,
  ): Promise<boolean> {
    const { release, asked, listed } = await this.#listing(workspace, suite, wanted, signal)
    return release !== undefined && listed.length === asked.length
  }

  /**
   * Read InRelease and the Packages indexes until they list the version for every asked
   * architecture; then check InRelease's signature against the workspace's key. A suite
   * without InRelease yet (nothing published in it) is waited for too.
   * @throws {VisibilityTimeoutError} at the deadline; `AbortError` when `signal` aborts
   */
  async waitVisible(workspace: string, suite: string, options: WaitVisibleOptions): Promise<Visibility> {
    const start = Date.now()
    const deadlineMs = options.deadlineMs ?? 600_000
    for (;;) {
      const { release, asked, listed } = await this.#listing(workspace, suite, options, options.signal)
      if (release !== undefined && listed.length === asked.length) {
        const key = await this.signingKey(workspace, { signal: options.signal })
        const verification = await verifyRelease(release.raw, key.keyring)
        return { architectures: listed, elapsedMs: Date.now() - start, verification }
      }
      const waited = Date.now() - start
      if (waited >= deadlineMs) {
        const missing = asked.filter((arch) => !listed.includes(arch))
        const where = `suite ${suite} of ${this.url(workspace)}`
        const what =
          release === undefined
            ? `${where} has no InRelease (no such suite, or nothing published in it yet)`
            : `${options.source} ${options.version} is not in the index of ${where} for ${missing.join(', ')}`
        throw new VisibilityTimeoutError(`${what} after ${Math.round(waited / 1000)} s`, missing)
      }
      await sleep(Math.min(options.pollIntervalMs ?? 2000, deadlineMs - waited), options.signal)
    }
  }
}
