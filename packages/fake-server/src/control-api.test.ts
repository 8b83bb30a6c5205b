import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeDebusine, type FakeDebusine } from './index.js'
import { control } from '../test/support/control.js'

let fake: FakeDebusine

beforeAll(async () => {
  fake = await startFakeDebusine()
})

afterAll(() => fake.close())

/** A raw request (fetch would not let a test set `Host`), answering the status and body. */
function raw(
  path: string,
  headers: Record<string, string>,
  method = 'GET',
  body = '',
): Promise<[number, string]> {
  const { hostname, port } = new URL(fake.apiUrl)
  return new Promise((resolve, reject) => {
    const sent = request({ host: hostname, port, path, method, headers }, (answer) => {
      let text = ''
      answer.setEncoding('utf8').on('data', (block: string) => (text += block))
      answer.on('end', () => resolve([answer.statusCode ?? 0, text]))
    })
    sent.on('error', reject)
    sent.end(body)
  })
}

describe('the control API of the fake', () => {
  it('hands a fresh control token to its starter, distinct from the user token', async () => {
    const other = await startFakeDebusine()
    await other.close()
    expect(fake.controlToken).toMatch(/^[0-9a-f]{64}$/)
    expect(fake.controlToken).not.toBe(fake.token)
    expect(other.controlToken).not.toBe(fake.controlToken)
  })

  it('refuses a request without the control token, or with the user token', async () => {
    const own = new URL(fake.apiUrl).host
    expect((await raw('/-/fake/requests/', { Host: own }))[0]).toBe(401)
    expect((await raw('/-/fake/requests/', { Host: own, 'X-Fake-Control-Token': fake.token }))[0]).toBe(401)
    expect(
      (await raw('/-/fake/requests/', { Host: own, 'X-Fake-Control-Token': fake.controlToken }))[0],
    ).toBe(200)
  })

  it('refuses a Host other than its own (DNS rebinding), even with the token', async () => {
    const port = new URL(fake.apiUrl).port
    for (const host of [`attacker.example:${port}`, '127.0.0.1:1', `localhost.attacker.example:${port}`]) {
      const [status, body] = await raw('/-/fake/requests/', {
        Host: host,
        'X-Fake-Control-Token': fake.controlToken,
      })
      expect(status, host).toBe(403)
      expect(body).toMatch(/is not the fake's own address/)
    }
    expect(
      (
        await raw('/-/fake/requests/', {
          Host: `localhost:${port}`,
          'X-Fake-Control-Token': fake.controlToken,
        })
      )[0],
    ).toBe(200)
  })

  it('refuses a cross-origin request and the content types of a simple one', async () => {
    const own = new URL(fake.apiUrl).host
    const token = { Host: own, 'X-Fake-Control-Token': fake.controlToken }
    const foreign = await raw(
      '/-/fake/token/expire/',
      { ...token, Origin: 'http://attacker.example' },
      'POST',
      '{}',
    )
    expect(foreign[0]).toBe(403)
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      expect(
        (await raw('/-/fake/token/expire/', { ...token, 'Content-Type': type }, 'POST', '{}'))[0],
        type,
      ).toBe(415)
    }
    const sameOrigin = { ...token, Origin: `http://${own}`, 'Content-Type': 'application/json' }
    expect((await raw('/-/fake/token/expire/', sameOrigin, 'POST', '{"expired": false}'))[0]).toBe(200)
  })

  it('never returns the credentials of the requests it recorded', async () => {
    await fetch(`${fake.apiUrl}/1.0/whoami/`, {
      headers: { Token: fake.token, Authorization: `Token ${fake.token}` },
    })
    const text = await (await control(fake, '/requests/')).text()
    expect(text).toContain('/api/1.0/whoami/')
    expect(text).not.toContain(fake.token)
    const recorded = JSON.parse(text) as { headers: Record<string, unknown> }[]
    expect(recorded.map(({ headers }) => [headers.token, headers.authorization])).toContainEqual([
      '[REDACTED]',
      '[REDACTED]',
    ])
    expect(JSON.stringify(fake.receivedRequests())).not.toContain(fake.token)
  })

  it('keeps /healthz open, for readiness probes', async () => {
    expect((await fetch(`${fake.apiUrl.replace(/\/api$/, '')}/healthz`)).status).toBe(200)
  })
})
