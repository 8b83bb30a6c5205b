import type { FakeDebusine } from '../../src/index.js'

/**
 * A request to the fake's control API (`/-/fake/{path}`) as its users make it: with the
 * control token, and JSON bodies marked as such.
 */
export function control(
  fake: Pick<FakeDebusine, 'apiUrl' | 'controlToken'>,
  path: string,
  init: RequestInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers)
  headers.set('X-Fake-Control-Token', fake.controlToken)
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
  return fetch(`${fake.apiUrl.replace(/\/api$/, '')}/-/fake${path}`, { ...init, headers })
}
