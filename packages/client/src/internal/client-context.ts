import { ValidationError } from '@debusine-ts/models'
import type { Transport } from '@debusine-ts/transport'

/** What every resource namespace of a client shares. */
export interface ClientContext {
  /** The transport that sends the requests. */
  readonly transport: Transport
  /** The workspace used when an operation is not given one; the server's default when unset. */
  readonly workspace: string | undefined
}

/**
 * The workspace an operation uses: the one given, else the client's default, else
 * `undefined` (the field is then left out and the server uses its default workspace).
 */
export function workspaceFor(
  context: ClientContext,
  explicit: string | null | undefined,
): string | undefined {
  return explicit ?? context.workspace
}

/**
 * The workspace an operation that cannot do without one uses.
 * @throws {ValidationError} when neither the call nor the client names a workspace
 */
export function requiredWorkspace(
  context: ClientContext,
  explicit: string | null | undefined,
  operation: string,
): string {
  const workspace = workspaceFor(context, explicit)
  if (workspace === undefined || workspace === '') {
    throw new ValidationError(operation, [
      {
        path: 'workspace',
        rule: 'required',
        message:
          'no workspace given and the client has no default workspace (set `workspace` in the client config)',
      },
    ])
  }
  return workspace
}
