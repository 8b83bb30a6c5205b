import type { ClientContext } from '../client-context.js'

/** Task configuration collections: fetch into a local repository and push back. */
export class TaskConfigurations {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
