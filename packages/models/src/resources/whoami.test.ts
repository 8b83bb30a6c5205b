import { describe, expect, it } from 'vitest'
import whoami from '../fixtures/whoami.json' with { type: 'json' }
import { parseResponse } from '../parse.js'
import { WhoAmISchema } from './whoami.js'

describe('WhoAmI', () => {
  it('parses a body captured from a real 0.16.2 server', () => {
    expect(parseResponse('WhoAmI', WhoAmISchema, whoami)).toEqual({
      user: 'testuser',
      auth: true,
      work_request: null,
      worker: false,
    })
  })

  it('parses an anonymous and a work-request answer', () => {
    expect(
      WhoAmISchema.parse({ user: '<anonymous>', auth: false, work_request: null, worker: false }).auth,
    ).toBe(false)
    expect(
      WhoAmISchema.parse({ user: 'alice', auth: true, work_request: 9, worker: false }).work_request,
    ).toBe(9)
  })

  it("reads 0.11.3's answer, which names the worker flag worker_token and has no work_request", () => {
    expect(WhoAmISchema.parse({ user: 'testuser', auth: true, worker_token: true })).toEqual({
      user: 'testuser',
      auth: true,
      work_request: null,
      worker: true,
    })
    expect(() => parseResponse('WhoAmI', WhoAmISchema, { user: 'x', auth: true })).toThrow(/worker/)
  })

  it('rejects a body without auth', () => {
    expect(() => parseResponse('WhoAmI', WhoAmISchema, { user: 'x', worker: false })).toThrow(/auth: /)
  })
})
