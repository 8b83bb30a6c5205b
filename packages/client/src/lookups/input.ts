import type { LookupChildType, LookupResultCode, MultipleLookup, SingleLookup } from '@debusine-ts/models'

/**
 * What a lookup may expect to find: the full words of 0.14.6+ servers, or the one-letter
 * codes of the earlier API (`a` artifact, `b` bare, `c` collection), which are sent as
 * the words.
 */
export type LookupExpectType = LookupChildType | LookupResultCode

/** What the lookup operations share. */
export interface LookupOptionsBase {
  /**
   * What the lookup must find; default `any`. With `artifact` (or `a`) or `collection`
   * (or `c`) the results are typed accordingly.
   */
  expectType?: LookupExpectType | undefined
  /** The category of the first segment when it has no `@category`. */
  defaultCategory?: string | null | undefined
  /**
   * The workspace the lookup is resolved in; default: the client's default workspace,
   * else the server's default.
   */
  workspace?: string | undefined
  /** The id of the root workflow whose `internal@collections` is in scope. */
  workflowRoot?: number | null | undefined
  /**
   * The seed's way to name the work request a lookup is made for. Accepted, but **not
   * sent**: Debusine 0.16.2 ignores it (its Python client still sends it as
   * `work_request`). Use `workflowRoot` to bring a workflow's internal collection in scope.
   *
   * @deprecated ignored by Debusine 0.14.6+; use `workflowRoot`
   */
  workRequest?: number | undefined
}

/** The input of a single lookup. */
export interface LookupSingleInput extends LookupOptionsBase {
  /** A lookup string such as `123@artifacts` or `sid@debian:suite/source:hello`, or an id. */
  lookup: SingleLookup
}

/** The input of a multiple lookup. */
export interface LookupMultipleInput extends LookupOptionsBase {
  /** A list of single lookups and lookup dicts, or one lookup dict. */
  lookup: MultipleLookup
}
