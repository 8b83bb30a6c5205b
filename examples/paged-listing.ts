/**
 * A paged listing: the work requests of a workspace, one server page at a time, as a report
 * that prints each page as it arrives. Lists are lazy: nothing is fetched beyond `maxPages`.
 */
import type { DebusineClient } from '@debusine-ts/client'
import type { WorkRequestStatus } from '@debusine-ts/models'

/** One page of the listing, as {@link listWorkRequestPages} reports it. */
export interface ListedPage {
  /** The page's position, from 1. */
  number: number
  /** The ids of the page's work requests, in the server's order (newest first). */
  ids: number[]
}

/** What {@link listWorkRequestPages} lists. */
export interface ListingOptions {
  /** Only the work requests in this status. */
  status?: WorkRequestStatus
  /** Stop after this many pages. */
  maxPages: number
  /** Stops the listing between two pages or during one. */
  signal?: AbortSignal
}

/** The first `maxPages` pages of the work requests, each as the server sent it. */
export async function listWorkRequestPages(
  client: DebusineClient,
  options: ListingOptions,
): Promise<ListedPage[]> {
  const listed: ListedPage[] = []
  const list = client.workRequests.list({ status: options.status }, { signal: options.signal })
  for await (const page of list.pages()) {
    listed.push({ number: listed.length + 1, ids: page.items.map((request) => request.id) })
    if (listed.length >= options.maxPages) break
  }
  return listed
}
