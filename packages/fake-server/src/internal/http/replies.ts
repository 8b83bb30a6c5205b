import type { ServerResponse } from 'node:http'

/** The media type of the server's error bodies. */
export const PROBLEM_JSON = 'application/problem+json'

// The real server sends it on every API answer; caches in front of a fake see the same.
const VARY = 'Accept, Cookie, Token'

/** Answer `status` with `value` as JSON. */
export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  sendText(response, status, 'application/json', JSON.stringify(value))
}

/** Answer `status` with a problem body, as the server's API views do. */
export function sendProblem(
  response: ServerResponse,
  status: number,
  title: string,
  detail?: unknown,
  validationErrors?: Record<string, unknown>,
): void {
  const problem: Record<string, unknown> = { title }
  if (detail !== undefined) problem.detail = detail
  if (validationErrors !== undefined) problem.validation_errors = validationErrors
  sendText(response, status, PROBLEM_JSON, JSON.stringify(problem))
}

/** The 403 of an endpoint that needs a user token, when the request has none (or a dead one). */
export function sendNotAuthenticated(response: ServerResponse): void {
  sendProblem(response, 403, 'Error', 'Authentication credentials were not provided.')
}

/** The server's 404 page (HTML): its answer for an unknown URL, scope or downloaded path. */
export function sendNotFoundPage(response: ServerResponse, message = ''): void {
  const paragraph = message === '' ? '' : `<p>${message.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`)}</p>`
  const page =
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<title>404 Not Found</title>\n</head>\n<body>\n' +
    `<h1>404 Not Found</h1>\n${paragraph}\n</body>\n</html>\n`
  sendText(response, 404, 'text/html; charset=utf-8', page, 'Cookie, Token')
}

/** Answer `status` with `text` of the media type `contentType`. */
export function sendText(
  response: ServerResponse,
  status: number,
  contentType: string,
  text: string,
  vary = VARY,
): void {
  const body = Buffer.from(text, 'utf8')
  response.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': String(body.length),
    Vary: vary,
  })
  response.end(body)
}
