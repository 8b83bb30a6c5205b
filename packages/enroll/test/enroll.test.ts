/**
 * Enrollment against the real Debusine server, confirmed the way a person does it: a real
 * headless Chromium, logged in to the server's web UI as the test user, opens the
 * confirmation page, reads the challenge and presses the button.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AbortError, BadRequestError, ConnectionError, Transport } from '@debusine-ts/transport'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { realServer, serverBefore, uniqueName } from '../../../tooling/vitest/real-server.js'
import {
  enroll,
  EnrollmentCancelledError,
  generateNonce,
  type ConfirmationPending,
  type EnrollResult,
} from '../src/index.js'

const chromiumPath = '/usr/bin/chromium'

let userDataDirectory: string
let context: BrowserContext
let page: Page

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

/** A promise with its resolver, for the confirmation callback. */
function pendingConfirmation(): {
  promise: Promise<ConfirmationPending>
  callback: (pending: ConfirmationPending) => void
} {
  let callback!: (pending: ConfirmationPending) => void
  const promise = new Promise<ConfirmationPending>((resolve) => {
    callback = resolve
  })
  return { promise, callback }
}

/**
 * Open the confirmation page. The callback runs just before the request is sent, so the
 * server may not know the enrollment yet (404): try again for a few seconds.
 */
async function openConfirmPage(confirmUrl: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await page.goto(confirmUrl)
    if (response?.status() === 200) return
    if (attempt >= 20) throw new Error(`${confirmUrl} answered ${String(response?.status())}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

async function answer(outcome: 'confirm' | 'cancel'): Promise<void> {
  await Promise.all([
    page.waitForURL(/\/-\/user\/[^/]+\/token\//),
    page.locator(`#confirm-form button[name="outcome"][value="${outcome}"]`).click(),
  ])
}

beforeAll(async () => {
  const server = realServer()
  userDataDirectory = await mkdtemp(join(tmpdir(), 'enroll-chromium-'))
  context = await chromium.launchPersistentContext(userDataDirectory, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  page = context.pages()[0] ?? (await context.newPage())
  const origin = new URL(server.apiUrl).origin
  await page.goto(`${origin}/-/login/`)
  await page.fill('#id_username', server.webUser)
  await page.fill('#id_password', server.webPassword)
  await Promise.all([
    page.waitForURL((url) => url.pathname !== '/-/login/'),
    // 0.11's login form has no id: the form that holds the password field.
    page.click('form:has(#id_password) [type="submit"]'),
  ])
})

afterAll(async () => {
  await context?.close()
  if (userDataDirectory !== undefined) await rm(userDataDirectory, { recursive: true, force: true })
})

/**
 * An enrollment confirmed in the browser 22 s after it started: longer than its idle timeout
 * (15 s), so only the server's keep-alives (every 10 s) keep it going. Settles with the token
 * or the error.
 */
async function heldEnrollment(): Promise<{
  hostname: string
  started: number
  outcome: EnrollResult | Error
}> {
  const server = realServer()
  const hostname = uniqueName('enroll-host')
  const pending = pendingConfirmation()
  const started = Date.now()
  const result = enroll(
    { apiUrl: server.apiUrl, scope: server.scope, hostname },
    { onConfirmationPending: pending.callback, idleTimeout: 15_000 },
  ).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))
  const { confirmUrl, challenge } = await pending.promise
  expect(confirmUrl).toMatch(
    new RegExp(`^${new URL(server.apiUrl).origin}/-/enroll/confirm/[A-Za-z0-9_-]{22}/$`),
  )
  await openConfirmPage(confirmUrl)
  // The page shows the challenge we generated, and this machine's name and scope.
  await expect(page.locator('#challenge b').textContent()).resolves.toBe(challenge)
  const createdAt = await page.locator('#created-at').textContent()
  expect(createdAt).toContain(hostname)
  expect(createdAt).toContain(server.scope)
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 22_000 - (Date.now() - started))))
  await answer('confirm')
  return { hostname, started, outcome: await result }
}

/** The connection was closed by the server while the enrollment was held. */
function isCutByServer(outcome: EnrollResult | Error): boolean {
  return ConnectionError.isInstance(outcome) && outcome.reason.includes('closed by the server')
}

describe('enroll (real server, confirmed in Chromium)', () => {
  it('gets a working token once the user confirms on the web page, across real keep-alives', async () => {
    const server = realServer()
    let held = await heldEnrollment()
    // The server recycles a worker after 500 requests (Debian's gunicorn config) and kills a
    // request still running 10 s later: a held enrollment is then cut, as in production, and
    // the client says so. Other tests' requests can make that happen during these 22 s once;
    // twice would be a bug.
    if (isCutByServer(held.outcome)) held = await heldEnrollment()
    const { hostname, started, outcome } = held
    if (!('token' in outcome)) throw outcome
    expect(Date.now() - started).toBeGreaterThan(20_000)
    expect(outcome.token).toMatch(/^[0-9a-f]{64}$/)

    // The token works and belongs to the user who confirmed.
    const whoami = await new Transport({
      apiUrl: server.apiUrl,
      token: outcome.token,
      scope: server.scope,
    }).request('GET', '/whoami/')
    expect(whoami).toMatchObject({ user: server.webUser, auth: true })
    // The server named the token after this machine.
    await expect(page.locator('body').textContent()).resolves.toContain(
      `obtained via 'debusine setup' on ${hostname}`,
    )
  }, 90_000)

  it('rejects with EnrollmentCancelledError when the user cancels on the web page', async () => {
    const server = realServer()
    const hostname = uniqueName('enroll-cancel')
    const pending = pendingConfirmation()
    // Settled before we look at it: the answer arrives while the page is still being clicked.
    const outcome = rejection(
      enroll(
        { apiUrl: server.apiUrl, scope: server.scope, hostname },
        { onConfirmationPending: pending.callback },
      ),
    )
    const { confirmUrl, challenge } = await pending.promise
    await openConfirmPage(confirmUrl)
    await expect(page.locator('#challenge b').textContent()).resolves.toBe(challenge)
    await answer('cancel')
    const error = await outcome
    expect(EnrollmentCancelledError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ hostname, confirmUrl, code: 'enrollment_cancelled' })
  })

  it('turns the 400 for a nonce already pending into a BadRequestError with the server’s title', async () => {
    const server = realServer()
    const nonce = generateNonce()
    const first = pendingConfirmation()
    const controller = new AbortController()
    const waiting = rejection(
      enroll(
        { apiUrl: server.apiUrl, scope: server.scope, hostname: uniqueName('enroll-first'), nonce },
        { onConfirmationPending: first.callback, signal: controller.signal },
      ),
    )
    const { confirmUrl } = await first.promise
    // Once the page exists, the server holds the first enrollment.
    await openConfirmPage(confirmUrl)

    const error = await rejection(
      enroll({ apiUrl: server.apiUrl, scope: server.scope, hostname: uniqueName('enroll-second'), nonce }),
    )
    expect(BadRequestError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ status: 400, title: 'duplicate or invalid request received' })
    expect((error as Error).message).toContain('duplicate or invalid request received')

    // Giving up the first one is an AbortError, and the server forgets the enrollment
    // (0.11 keeps it until someone answers the page: it does not see the client leave).
    controller.abort()
    expect(AbortError.isInstance(await waiting)).toBe(true)
    if (serverBefore('0.12.0')) return
    await expect
      .poll(async () => (await page.goto(confirmUrl))?.status(), { timeout: 10_000, interval: 250 })
      .toBe(404)
  })
})
