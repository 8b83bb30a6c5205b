import { SdkError } from '@debusine-ts/models'

/** Where in the configuration file a {@link ClientConfigError} is. */
export interface ClientConfigErrorInit {
  /** The configuration file. */
  readonly file: string
  /** The section, e.g. `server:debian` or `General`, when the problem is in one. */
  readonly section?: string | undefined
  /** The key, e.g. `token`, when the problem is about one. */
  readonly key?: string | undefined
  /** What to do about it. */
  readonly hint?: string | undefined
  /** The underlying error (e.g. the file system's). */
  readonly cause?: unknown
}

/**
 * The Python client's configuration file (`config.ini`) cannot be used: it is missing or
 * unreadable, does not parse, names no server, or a server section lacks or has an
 * unknown key. The message names the file (and the section and key); it never quotes a
 * token.
 *
 * @example
 * try { await readClientConfig({ env: process.env }) } catch (error) {
 *   if (ClientConfigError.isInstance(error)) console.error(error.message, error.hint ?? '')
 * }
 */
export class ClientConfigError extends SdkError {
  static override readonly errorName: string = 'ClientConfigError'

  /** The configuration file. */
  readonly file: string
  /** The section the problem is in, if any. */
  readonly section: string | undefined
  /** The key the problem is about, if any. */
  readonly key: string | undefined
  /** What to do about it, if there is a useful suggestion. */
  readonly hint: string | undefined

  constructor(message: string, init: ClientConfigErrorInit) {
    super(message, 'client_config', { cause: init.cause })
    this.file = init.file
    this.section = init.section
    this.key = init.key
    this.hint = init.hint
  }
}
