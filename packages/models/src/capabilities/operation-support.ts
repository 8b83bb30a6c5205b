import { compareDebusineVersions } from './debusine-version.js'
import { SERVER_OPERATIONS, type ServerOperation } from './server-operations.js'

/**
 * How a server of a given version serves an operation: `works` as the client sends it,
 * `older-shape` sent in the shape that server reads, `too-old` not at all (the client throws
 * `ServerTooOldError` before sending anything).
 */
export type OperationSupport = 'works' | 'older-shape' | 'too-old'

const byName = new Map(SERVER_OPERATIONS.map((entry) => [entry.operation, entry]))

/** The capability table's entry of `operation` (e.g. `workRequests.abort`), if it has one. */
export function serverOperation(operation: string): ServerOperation | undefined {
  return byName.get(operation)
}

/**
 * How a server running `serverVersion` serves `operation`, from the capability table.
 * Operations the table does not name work on every server the suite knows.
 *
 * @example
 * operationSupport('workRequests.abort', '0.11.3') // 'too-old'
 */
export function operationSupport(operation: string, serverVersion: string): OperationSupport {
  const entry = byName.get(operation)
  if (entry === undefined) return 'works'
  if (entry.since !== undefined && compareDebusineVersions(serverVersion, entry.since) < 0) return 'too-old'
  if (entry.shapeSince !== undefined && compareDebusineVersions(serverVersion, entry.shapeSince) < 0) {
    return 'older-shape'
  }
  return 'works'
}
