import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { EnrollConfirmPayloadSchema } from '@debusine-ts/models'
import type { ContractExchange } from './exchange.js'
import { call, jsonOf, type Answer } from './http-call.js'
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

/** Enroll, and answer the enrollment as its user while it waits; returns the enrollment's answer. */
async function answeredEnrollment(target: Target, outcome: 'confirm' | 'cancel'): Promise<Answer> {
  const body = payload()
  const [answer] = await Promise.all([enroll(target, JSON.stringify(body)), target.answerEnrollment(body.nonce!, outcome)])
  return answer
}

/** Enrollment: confirmed and cancelled by the test, the refusals, the start of a waiting one. */
export const enrollmentExchanges: ContractExchange[] = [
  {
    name: 'an enrollment the user confirms ends with a token; one the user cancels, with none',
    endpoints: [ENROLL],
    schema: EnrollConfirmPayloadSchema,
    run: async (target) => {
      const answer = await answeredEnrollment(target, 'confirm')
      const cancelled = await answeredEnrollment(target, 'cancel')
      const token = (jsonOf(answer) as { token: unknown }).token
      return { answer, facts: { tokenIsHex: typeof token === 'string' && /^[0-9a-f]{64}$/.test(token), cancelled: jsonOf(cancelled) } }
    },
  },
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
