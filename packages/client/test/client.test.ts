/**
 * The client's own operations against the real Debusine 0.16.2 server.
 */
import { describe, expect, it } from 'vitest'
import { realServer } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'

function client(token?: string): DebusineClient {
  const server = realServer()
  return new DebusineClient({
    apiUrl: server.apiUrl,
    token,
    scope: server.scope,
    workspace: server.workspace,
  })
}

describe('DebusineClient', () => {
  it('whoami names the user of the token', async () => {
    const server = realServer()
    await expect(client(server.token).whoami()).resolves.toMatchObject({ user: 'testuser', auth: true })
  })

  it('whoami is anonymous without a token and with a disabled one', async () => {
    const server = realServer()
    await expect(client().whoami()).resolves.toMatchObject({ auth: false })
    await expect(client(server.disabledToken).whoami()).resolves.toMatchObject({ auth: false })
  })

  it('webuiUrl turns a server path into a browser URL that the server answers', async () => {
    const server = realServer()
    const url = client(server.token).webuiUrl(`/${server.scope}/${server.workspace}/`)
    expect(url).toBe(`${server.apiUrl.replace(/\/api$/, '')}/${server.scope}/${server.workspace}/`)
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain(server.workspace)
  })
})
