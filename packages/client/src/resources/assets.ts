import type { ClientContext } from '../client-context.js'

/** Assets: create, list and permission checks. */
export class Assets {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
