import { ResponseValidationError, type ValidationIssue } from '@debusine-ts/models'

/**
 * One page of a paginated list. Debusine uses two envelopes: cursor pages
 * (`next`/`previous`/`results`, no count) and page-number pages (with `count`).
 */
export interface Page<T> {
  /** The URL this page was read from. */
  readonly url: string
  /** The page's items, each validated. */
  readonly items: readonly T[]
  /** The absolute URL of the next page, or `null` on the last page. */
  readonly next: string | null
  /** The absolute URL of the previous page, or `null` on the first page. */
  readonly previous: string | null
  /** The total number of items (page-number lists only). */
  readonly count: number | undefined
}

/**
 * Told a page's `next` URL and item count once its envelope is checked, before its items are
 * validated (see `PageLoader`).
 */
export type EnvelopeListener = (next: string | null, itemCount: number) => void

function optionalUrl(body: Record<string, unknown>, key: string, issues: ValidationIssue[]): string | null {
  const value = body[key]
  if (value === undefined || value === null) return null
  if (typeof value === 'string') return value
  issues.push({ path: key, rule: 'invalid_type', message: 'expected a URL string or null' })
  return null
}

/** A page whose envelope is checked and whose items are still to validate. */
export interface PageEnvelope extends Omit<Page<unknown>, 'items'> {
  /** The items as the server sent them. */
  readonly results: readonly unknown[]
}

/**
 * Check a page envelope (either style), leaving its items unvalidated.
 *
 * @throws {ResponseValidationError} when the envelope is invalid
 */
export function checkPageEnvelope(url: string, body: unknown): PageEnvelope {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ResponseValidationError(
      'Page',
      [{ path: '', rule: 'invalid_type', message: 'expected a page object with "results"' }],
      body,
    )
  }
  const envelope = body as Record<string, unknown>
  const issues: ValidationIssue[] = []
  const next = optionalUrl(envelope, 'next', issues)
  const previous = optionalUrl(envelope, 'previous', issues)
  const count = envelope['count']
  if (count !== undefined && (typeof count !== 'number' || !Number.isInteger(count) || count < 0)) {
    issues.push({ path: 'count', rule: 'invalid_type', message: 'expected a non-negative integer' })
  }
  const results = envelope['results']
  if (!Array.isArray(results)) {
    issues.push({ path: 'results', rule: 'invalid_type', message: 'expected an array' })
  }
  if (issues.length > 0) throw new ResponseValidationError('Page', issues, body)
  return {
    url,
    next,
    previous,
    count: typeof count === 'number' ? count : undefined,
    results: results as unknown[],
  }
}

/**
 * Validate each item of a checked envelope with `parseItem`.
 *
 * @throws {ResponseValidationError} when an item is invalid; its issue paths start with `results.<index>`
 */
export function parsePageItems<T>(envelope: PageEnvelope, parseItem: (item: unknown) => T): Page<T> {
  const items = envelope.results.map((item, index) => {
    try {
      return parseItem(item)
    } catch (error) {
      if (!ResponseValidationError.isInstance(error)) throw error
      throw new ResponseValidationError(
        error.model,
        error.issues.map((issue) => ({
          ...issue,
          path: issue.path === '' ? `results.${index}` : `results.${index}.${issue.path}`,
        })),
        error.body,
      )
    }
  })
  const { url, next, previous, count } = envelope
  return { url, items, next, previous, count }
}

/**
 * Check a page envelope (either style) and validate each item with `parseItem`.
 *
 * @param parseItem validates one item; throws `ResponseValidationError` on a bad one
 * @throws {ResponseValidationError} when the envelope or an item is invalid; item issue
 * paths start with `results.<index>`
 */
export function parsePage<T>(url: string, body: unknown, parseItem: (item: unknown) => T): Page<T> {
  return parsePageItems(checkPageEnvelope(url, body), parseItem)
}
