/**
 * What the action shows of the values a server sends: a status or result it knows as it is,
 * anything else as `unknown` (a newer server's value and text crafted to become a workflow
 * command look alike from here), and a web page URL only once it parses as http(s).
 */
import { WorkRequestResult, WorkRequestStatus, type WorkRequest } from '@debusine-ts/models'

/** What the action shows, in its log, outputs and summary, for a status or result it does not know. */
export const UNKNOWN_VALUE = 'unknown'

const knownStatuses: ReadonlySet<string> = new Set(Object.values(WorkRequestStatus))
const knownResults: ReadonlySet<string> = new Set(Object.values(WorkRequestResult))

/** The work request's status if it is one of the known statuses, else {@link UNKNOWN_VALUE}. */
export function shownStatus(request: Pick<WorkRequest, 'status'>): string {
  return knownStatuses.has(request.status) ? request.status : UNKNOWN_VALUE
}

/** The work request's result if it is one of the known results ('' before the end), else {@link UNKNOWN_VALUE}. */
export function shownResult(request: Pick<WorkRequest, 'result'>): string {
  return knownResults.has(request.result) ? request.result : UNKNOWN_VALUE
}

/**
 * `url` normalised by the URL parser (which drops tabs and line breaks and percent-encodes
 * spaces and quotes) when it is an http(s) URL, without a fragment (no page of the web UI
 * has one, and `#` is what the runner's older command form starts with); `fallback` otherwise.
 */
export function safeWebUrl(url: string, fallback: string): string {
  try {
    const parsed = new URL(url)
    parsed.hash = ''
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : fallback
  } catch {
    return fallback
  }
}
