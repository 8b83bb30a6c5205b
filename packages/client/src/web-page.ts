/** The kinds of web UI page {@link DebusineClientCore.webPageUrl} finds. */
export type WebPageKind = 'work-request' | 'artifact'

/** What a web UI page is found from: a resource's id and workspace, and its `url` if the server sent one. */
export interface WebPageOf {
  /** The work request's or artifact's id. */
  readonly id: number
  /** The name of its workspace. */
  readonly workspace: string
  /** Its server-relative web UI path, as the server sends it (0.11 sends none: empty or absent). */
  readonly url?: string | undefined
}

/**
 * The server-relative path of a resource's page: its `url`, or the web UI's layout
 * (`/scope/workspace/kind/id/`, the same from 0.11 to 0.16) where the server sends none; the
 * front page when there is no `url` and no scope to place it in.
 */
export function webPagePath(scope: string | undefined, kind: WebPageKind, resource: WebPageOf): string {
  const { id, workspace, url } = resource
  if (url !== undefined && url !== '') return url
  return scope === undefined ? '/' : `/${scope}/${workspace}/${kind}/${id}/`
}
