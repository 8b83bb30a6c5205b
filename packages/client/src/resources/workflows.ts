import type { ClientContext } from '../client-context.js'

/** Workflows: start one from a template or a workflow task. */
export class Workflows {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
