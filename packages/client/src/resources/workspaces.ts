import type { ClientContext } from '../client-context.js'

/** Workspaces: their inheritance chains. */
export class Workspaces {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
