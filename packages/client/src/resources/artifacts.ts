import type { ClientContext } from '../client-context.js'

/** Artifacts: create, get, upload and download. */
export class Artifacts {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
