import { describe, expect, it } from 'vitest'
import { Transport } from './transport.js'
import { VERSION } from './version.js'

describe('websocketHandshakeHeaders', () => {
  it('gives the token and the user agent for a websocket handshake', () => {
    const transport = new Transport({ apiUrl: 'https://h/api', token: 'secret-token', scope: 'debian' })
    expect(transport.websocketHandshakeHeaders()).toEqual({
      Token: 'secret-token',
      'User-Agent': `debusine-ts/${VERSION}`,
    })
  })

  it('leaves the token out when none is configured, and keeps a custom user agent', () => {
    const transport = new Transport({ apiUrl: 'https://h/api', userAgent: 'me/1' })
    expect(transport.websocketHandshakeHeaders()).toEqual({ 'User-Agent': 'me/1' })
  })
})
