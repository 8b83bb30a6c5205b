import type { ClientContext } from '../client-context.js'

/** Workflow templates of a workspace. */
export class WorkflowTemplates {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }
}
