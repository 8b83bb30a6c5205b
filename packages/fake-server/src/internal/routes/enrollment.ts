import { EnrollPayloadSchema } from '@debusine-ts/models'
import type { Exchange } from '../http/exchange.js'
import type { FakeState } from '../fake-state.js'
import { PROBLEM_JSON, sendText } from '../http/replies.js'
import { route, type Route } from '../http/route.js'

const MAX_PAYLOAD = 4096
// The server keeps a waiting enrollment's connection alive with a newline this often.
const KEEP_ALIVE_MS = 10_000

/** Answer the server's 400 for a refused enrollment; null, for the caller to return. */
function refuse(exchange: Exchange, title: string): null {
  sendText(exchange.response, 400, PROBLEM_JSON, JSON.stringify({ title }), 'Cookie, Token')
  return null
}

/** The payload of an enrollment, or null after answering the server's 400. */
function enrollPayload(exchange: Exchange): { nonce: string; challenge: string; scope: string; hostname: string } | null {
  if (exchange.request.headers['content-type'] !== 'application/json') return refuse(exchange, 'only JSON data is accepted')
  if (exchange.body.length > MAX_PAYLOAD) return refuse(exchange, 'JSON payload too big')
  let value: unknown
  try {
    value = JSON.parse(exchange.body.toString('utf8'))
  } catch {
    return refuse(exchange, 'payload is not valid JSON')
  }
  const parsed = EnrollPayloadSchema.safeParse(value)
  if (!parsed.success) return refuse(exchange, 'payload data is invalid')
  if (exchange.state.enrollments.has(parsed.data.nonce)) return refuse(exchange, 'duplicate or invalid request received')
  return parsed.data
}

/**
 * `POST /api/enroll/`: a long poll that waits for the test to confirm or cancel it through
 * the control API (standing for the user on the web page), sending a newline meanwhile.
 */
function enroll(exchange: Exchange): void {
  const payload = enrollPayload(exchange)
  if (payload == null) return
  const { response, state } = exchange
  response.writeHead(200, { 'Content-Type': 'application/json', Vary: 'Cookie, Token' })
  response.write('\n')
  const keepAlive = setInterval(() => response.write('\n'), KEEP_ALIVE_MS)
  const forget = () => {
    clearInterval(keepAlive)
    state.enrollments.delete(payload.nonce)
  }
  response.on('close', forget)
  state.enrollments.set(payload.nonce, {
    ...payload,
    finish: (outcome) => {
      forget()
      response.end(JSON.stringify({ outcome, token: outcome === 'confirm' ? state.user.token : null }))
    },
  })
}

/** Enrollment (`debusine setup`), outside `/api/1.0`. */
export const enrollmentRoutes: Route[] = [route('POST /api/enroll/', enroll)]

/** Finish the waiting enrollment `nonce` (the only one when absent) with `outcome`. */
export function answerEnrollment(state: FakeState, outcome: 'confirm' | 'cancel', nonce?: string): void {
  const waiting = [...state.enrollments.values()]
  const enrollment = nonce === undefined ? (waiting.length === 1 ? waiting[0] : undefined) : state.enrollments.get(nonce)
  if (enrollment == null) {
    throw new Error(nonce === undefined ? `${waiting.length} enrollments are waiting: name the nonce.` : `No enrollment ${nonce} is waiting.`)
  }
  enrollment.finish(outcome)
}
