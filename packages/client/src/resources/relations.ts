import type { ClientContext } from '../client-context.js'

/** Relations between two artifacts. */
export class Relations {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
