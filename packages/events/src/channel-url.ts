import { ValidationError } from '@debusine-ts/models'
import type { Transport } from '@debusine-ts/transport'

/** The path of the completion channel under `{apiUrl}/ws/1.0`. */
export const COMPLETION_CHANNEL_PATH = '/work-request/on-completed/'

/** What selects the completions the channel sends. */
export interface ChannelQuery {
  /** Workspace names; only their completions are sent. All workspaces when unset or empty. */
  workspaces?: readonly string[] | undefined
  /** Replay the completions since this instant (ISO 8601 with an offset) before the live ones. */
  completedAtSince?: string | undefined
}

/**
 * The address of the completion channel: the API URL with `http`→`ws` (`https`→`wss`),
 * then `/ws/1.0/work-request/on-completed/` and the query.
 *
 * @throws {ValidationError} when a workspace name is empty or contains a comma
 * @example
 * completionChannelUrl(transport, { workspaces: ['developers'] })
 * // 'wss://debusine.debian.net/api/ws/1.0/work-request/on-completed/?workspaces=developers'
 */
export function completionChannelUrl(transport: Transport, query: ChannelQuery = {}): string {
  const url = new URL(transport.websocketUrl(COMPLETION_CHANNEL_PATH))
  const workspaces = query.workspaces ?? []
  workspaces.forEach((workspace, index) => {
    if (workspace === '' || workspace.includes(',')) {
      throw new ValidationError('ChannelQuery', [
        {
          path: `workspaces.${index}`,
          rule: 'invalid_workspace',
          message: `${JSON.stringify(workspace)} is not a workspace name (empty, or contains a comma)`,
        },
      ])
    }
  })
  if (workspaces.length > 0) url.searchParams.set('workspaces', workspaces.join(','))
  if (query.completedAtSince !== undefined) url.searchParams.set('completed_at_since', query.completedAtSince)
  return url.href
}
