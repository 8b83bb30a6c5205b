import type { ClientContext } from '../client-context.js'

/** Lookups of collection items, artifacts and collections. */
export class Lookups {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
