import { describe, expect, it } from 'vitest'
import { realServer } from '../../vitest/real-server.js'

const server = realServer()

async function whoami(token?: string): Promise<{ user: string; auth: boolean }> {
  const response = await fetch(`${server.apiUrl}/1.0/whoami/`, {
    headers: token === undefined ? {} : { Token: token },
    signal: AbortSignal.timeout(10_000),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as { user: string; auth: boolean }
}

describe('tokens of the real server', () => {
  it('names testuser for its token', async () => {
    expect(await whoami(server.token)).toMatchObject({ user: 'testuser', auth: true })
  })

  it('is anonymous without a token', async () => {
    expect(await whoami()).toMatchObject({ auth: false })
  })

  it('treats the disabled token as anonymous', async () => {
    expect(await whoami(server.disabledToken)).toMatchObject({ auth: false })
  })

  it('names norole for its token', async () => {
    expect(await whoami(server.noroleToken)).toMatchObject({ user: 'norole', auth: true })
  })
})
