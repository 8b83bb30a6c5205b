import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import type { ContractExchange } from './exchange.js'
import { call, type Answer } from './http-call.js'
import type { Target } from './target.js'

const ENROLL = 'POST /api/enroll/'

/** A payload the server accepts, with a nonce of its own. */
function payload(): Record<string, string> {
  return {
    nonce: randomBytes(16).toString('base64url'),
    challenge: 'apple banana cherry dates elder figgy',
    scope: 'debusine',
    hostname: 'contract',
  }
}

function enroll(target: Target, body: string, contentType = 'application/json'): Promise<Answer> {
  return call(target, { method: 'POST', path: `${target.apiUrl}/enroll/`, body: Buffer.from(body), headers: { 'Content-Type': contentType }, anonymous: true })
}

/**
 * Post an enrollment and keep only the status, headers and first block of the answer:
 * a waiting enrollment's stream ends only when someone answers it, so hang up.
 */
function enrollHead(target: Target): Promise<Answer> {
  const body = Buffer.from(JSON.stringify(payload()))
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${target.apiUrl}/enroll/`,
      { method: 'POST', agent: false, headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) } },
      (incoming) => {
        incoming.once('data', (block: Buffer) => {
          const headers = Object.fromEntries(Object.entries(incoming.headers).map(([name, value]) => [name, String(value)]))
          resolve({ status: incoming.statusCode ?? 0, headers, bytes: block })
          outgoing.destroy()
        })
      },
    )
    outgoing.on('error', (error) => {
      if (!outgoing.destroyed) reject(error)
    })
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`${target.name}: no first block of the enrollment in 30 s`)))
    outgoing.end(body)
  })
}

/** Enrollment: the refusals, and the start of a waiting enrollment. */
export const enrollmentExchanges: ContractExchange[] = [
  {
    name: 'an enrollment waits: 200, a streamed JSON answer that starts with a newline',
    endpoints: [ENROLL],
    body: 'bytes',
    sameHeaders: ['transfer-encoding'],
    run: async (target) => ({ answer: await enrollHead(target) }),
  },
  {
    name: 'refuses an enrollment whose Content-Type has a charset: 400',
    endpoints: [ENROLL],
    run: async (target) => ({ answer: await enroll(target, JSON.stringify(payload()), 'application/json; charset=utf-8') }),
  },
  {
    name: 'refuses an enrollment that is not JSON: 400',
    endpoints: [ENROLL],
    run: async (target) => ({ answer: await enroll(target, 'nope') }),
  },
  {
    name: 'refuses an enrollment payload with a field missing: 400',
    endpoints: [ENROLL],
    run: async (target) => {
      const partial = payload()
      delete partial.hostname
      return { answer: await enroll(target, JSON.stringify(partial)) }
    },
  },
]
