import type { ClientContext } from '../client-context.js'

/** Work requests: create, get, list, update, abort, retry, and more. */
export class WorkRequests {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
