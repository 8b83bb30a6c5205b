import {
  debusineVersionInPage,
  operationSupport,
  serverOperation,
  ServerTooOldError,
  type OperationSupport,
} from '@debusine-ts/models'

/** Reads a page of the server's web UI (the login page) for the footer's version. */
export type WebPageReader = (signal: AbortSignal | undefined) => Promise<Response>

/**
 * What one server supports, learned once per transport (so once per client), lazily: the
 * first operation the capability table names asks the server's web UI for its Debusine
 * version (every page's footer tells it, 0.11.3 as 0.16.2); later calls use the cached
 * answer, without a round trip. A server that does not tell (no web UI at that origin, a
 * customised footer) is taken as current: operations are sent as they are and the server
 * answers for itself. A failed read is not cached: the next operation asks again.
 */
export class ServerCapabilities {
  readonly #readPage: WebPageReader
  #version: Promise<string | undefined> | undefined

  /** @param readPage reads the server's login page (`/-/login/`) */
  constructor(readPage: WebPageReader) {
    this.#readPage = readPage
  }

  /**
   * The server's Debusine version (e.g. `0.16.2`), or `undefined` when it does not tell.
   * Asked once; later calls answer from the cache.
   */
  version(signal?: AbortSignal): Promise<string | undefined> {
    this.#version ??= this.#read(signal)
    return this.#version
  }

  /**
   * How the server serves `operation` (a `namespace.method` of the capability table):
   * `works`, or `older-shape` (the caller sends the older shape). Asks for the version
   * only when the table names the operation.
   *
   * @throws {ServerTooOldError} when the server is older than the first version that has
   *   the operation (nothing is sent)
   * @example
   * await transport.capabilities.require('workRequests.abort')
   */
  async require(operation: string, signal?: AbortSignal): Promise<OperationSupport> {
    const entry = serverOperation(operation)
    if (entry === undefined) return 'works'
    const version = await this.version(signal)
    if (version === undefined) return 'works'
    const support = operationSupport(operation, version)
    if (support === 'too-old') {
      throw new ServerTooOldError({ operation, serverVersion: version, since: entry.since ?? version })
    }
    return support
  }

  async #read(signal: AbortSignal | undefined): Promise<string | undefined> {
    try {
      const response = await this.#readPage(signal)
      return debusineVersionInPage(await response.text())
    } catch (error) {
      // A server that answers with an error page does not tell its version (kept); a
      // network failure or an abort is left for the operation itself to meet (asked again).
      if (typeof error === 'object' && error !== null && 'status' in error) return undefined
      this.#version = undefined
      throw error
    }
  }
}
