import type { ClientContext } from '../client-context.js'

/** Metrics emitted through the server. */
export class Metrics {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
