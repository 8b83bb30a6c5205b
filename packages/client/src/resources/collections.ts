import type { ClientContext } from '../client-context.js'

/** Collections of a workspace: create, get, list, update, delete, and their items. */
export class Collections {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
