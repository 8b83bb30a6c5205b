import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FakeState } from '../fake-state.js'
import type { FakeUser } from '../records.js'
import { sendNotAuthenticated, sendProblem } from './replies.js'

/** One request being answered, with what a handler needs to answer it. */
export interface Exchange {
  request: IncomingMessage
  response: ServerResponse
  /** The request's URL, absolute (`origin` + target). */
  url: URL
  /** `http://host:port` as the client addressed the fake: absolute URLs in answers use it. */
  origin: string
  /** The groups the route's pattern captured, decoded. */
  params: string[]
  body: Buffer
  state: FakeState
  /** The user the `Token` header authenticates as; null for anonymous. */
  user: FakeUser | null
}

/** The user of the exchange, or null after answering the server's 403 for anonymous. */
export function requireUser(exchange: Exchange): FakeUser | null {
  if (exchange.user == null) sendNotAuthenticated(exchange.response)
  return exchange.user
}

/**
 * The body as a JSON object, or null after answering 400 as DRF does for a body that is
 * not JSON (a JSON value that is not an object is the caller's to refuse).
 */
export function jsonBody(exchange: Exchange): Record<string, unknown> | null {
  const text = exchange.body.toString('utf8')
  try {
    const value: unknown = text === '' ? {} : JSON.parse(text)
    if (isJsonObject(value)) return value
  } catch (error) {
    sendProblem(exchange.response, 400, 'Error', `JSON parse error - ${(error as Error).message}`)
    return null
  }
  sendProblem(exchange.response, 400, 'Error', { non_field_errors: ['Invalid data. Expected a dictionary.'] })
  return null
}

/**
 * The workspace a request names (`name`), or the default one when it names none; null after
 * answering the server's 404 for a workspace that does not exist or that the user cannot
 * see (the server does not tell them apart).
 */
export function resolveWorkspace(exchange: Exchange, name: unknown): string | null {
  if (name == null) return exchange.state.defaultWorkspace
  if (typeof name === 'string' && exchange.state.canSee(exchange.user, name)) return name
  sendProblem(
    exchange.response,
    404,
    'Workspace not found',
    `Workspace ${typeof name === 'string' ? name : JSON.stringify(name)} not found in scope ${exchange.state.scope}`,
  )
  return null
}

/** Whether `value` is a JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value != null && !Array.isArray(value)
}

/** A request value as the server quotes it in messages: a string as is, anything else as JSON. */
export function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value)
}
