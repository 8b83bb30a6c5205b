import { SdkError } from './sdk-error.js'

/** What {@link ServerTooOldError} knows: the operation, the server's version, the first that has it. */
export interface ServerTooOldErrorInit {
  /** The client operation, e.g. `workRequests.abort`. */
  operation: string
  /** The server's version, as the server tells it (e.g. `0.11.3`). */
  serverVersion: string
  /** The first Debusine version that has the operation. */
  since: string
}

/**
 * The server is older than the first Debusine version that has the operation: nothing was
 * sent. The message names the operation, the server's version and the version needed.
 *
 * @example
 * try { await client.workRequests.abort(42) } catch (error) {
 *   if (ServerTooOldError.isInstance(error)) console.log(`needs Debusine ${error.since}`)
 * }
 */
export class ServerTooOldError extends SdkError {
  static override readonly errorName: string = 'ServerTooOldError'

  /** The client operation, e.g. `workRequests.abort`. */
  readonly operation: string
  /** The server's version. */
  readonly serverVersion: string
  /** The first Debusine version that has the operation. */
  readonly since: string

  constructor(init: ServerTooOldErrorInit) {
    super(
      `${init.operation} needs Debusine ${init.since} or later; the server runs ${init.serverVersion} ` +
        '(nothing was sent)',
      'server_too_old',
    )
    this.operation = init.operation
    this.serverVersion = init.serverVersion
    this.since = init.since
  }
}
