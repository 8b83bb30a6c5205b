import { pickRequestOptions, type RequestOptions } from '@debusine-ts/transport'

/** Options of the collection operations: the request options and the workspace. */
export interface CollectionRequestOptions extends RequestOptions {
  /** The collection's workspace; the client's default workspace when unset. */
  workspace?: string | undefined
}

/** A collection named by its category and name, e.g. a collection received earlier. */
export interface CollectionIdentifier {
  /** The collection category, e.g. `debian:suite`. */
  readonly category: string
  /** The collection name (`_` for singleton categories). */
  readonly name: string
}

/** The request options without the workspace, which is not a transport option. */
export function withoutWorkspace(options: CollectionRequestOptions | undefined): RequestOptions {
  return pickRequestOptions(options)
}
