import { mkdtempSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startFakeDebusine, type FakeDebusine } from './index.js'
import { control } from '../test/support/control.js'

const started: FakeDebusine[] = []

async function fakeServer(options: Parameters<typeof startFakeDebusine>[0] = {}): Promise<FakeDebusine> {
  const fake = await startFakeDebusine(options)
  started.push(fake)
  return fake
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((fake) => fake.close()))
})

function api(
  fake: FakeDebusine,
  path: string,
  init: { method?: string; json?: unknown } = {},
): Promise<Response> {
  return fetch(`${fake.apiUrl}/1.0${path}`, {
    method: init.method ?? 'GET',
    headers: { Token: fake.token, 'Content-Type': 'application/json' },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  })
}

const NOOP = { task_name: 'noop', task_data: { result: 'success' }, event_reactions: {} }

async function createNoop(fake: FakeDebusine): Promise<number> {
  return (
    (await (await api(fake, '/work-request/', { method: 'POST', json: NOOP })).json()) as { id: number }
  ).id
}

/** The completion channel's messages, as they come. */
function channel(
  fake: FakeDebusine,
  query = '',
): { messages: unknown[]; opened: Promise<void>; socket: WebSocket } {
  const socket = new WebSocket(
    `${fake.apiUrl.replace('http', 'ws')}/ws/1.0/work-request/on-completed/${query}`,
    {
      headers: { token: fake.token },
    },
  )
  const messages: unknown[] = []
  const opened = new Promise<void>((resolve) => {
    socket.on('message', (data: Buffer) => {
      messages.push(JSON.parse(data.toString()))
      resolve()
    })
  })
  return { messages, opened, socket }
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe('the control API', () => {
  it('completes a work request: the state reads terminal and the channel announces it', async () => {
    const fake = await fakeServer()
    const listener = channel(fake)
    await listener.opened
    const id = await createNoop(fake)
    await fake.completeWorkRequest(id, 'success')
    const shown = (await (await api(fake, `/work-request/${id}/`)).json()) as {
      status: string
      result: string
    }
    expect(shown).toMatchObject({ status: 'completed', result: 'success' })
    await until(() => listener.messages.length === 2)
    expect(listener.messages[1]).toMatchObject({
      text: 'work_request_completed',
      work_request_id: id,
      result: 'success',
    })
    listener.socket.close()
  })

  it('does the same over HTTP under /-/fake/, and lists the API requests received', async () => {
    const fake = await fakeServer()
    const id = await createNoop(fake)
    const origin = fake.apiUrl.replace(/\/api$/, '')
    const failed = await control(fake, `/work-request/${id}/fail/`, { method: 'POST' })
    expect(((await failed.json()) as { result: string }).result).toBe('failure')
    const received = (await (await control(fake, '/requests/')).json()) as {
      method: string
      target: string
      bodyText: string
    }[]
    expect(received).toEqual([
      expect.objectContaining({
        method: 'POST',
        target: '/api/1.0/work-request/',
        bodyText: JSON.stringify(NOOP),
      }),
    ])
    expect((await fetch(`${origin}/healthz`)).status).toBe(200)
  })

  it('announces a completion before the state reads terminal when asked', async () => {
    const fake = await fakeServer()
    const listener = channel(fake)
    await listener.opened
    const id = await createNoop(fake)
    // A window far wider than a local GET takes, even on a loaded machine.
    const applied = fake.completeWorkRequest(id, 'success', { announceAheadMs: 3000 })
    await until(() => listener.messages.length === 2)
    const meanwhile = (await (await api(fake, `/work-request/${id}/`)).json()) as { status: string }
    expect(meanwhile.status).toBe('pending')
    await applied
    expect(((await (await api(fake, `/work-request/${id}/`)).json()) as { status: string }).status).toBe(
      'completed',
    )
    listener.socket.close()
  })

  it('replays the completions since a time to a late subscriber, and none of an abort live', async () => {
    const fake = await fakeServer()
    const first = await createNoop(fake)
    const second = await createNoop(fake)
    await fake.completeWorkRequest(first)
    await fake.completeWorkRequest(second, 'error')
    const shown = (await (await api(fake, `/work-request/${first}/`)).json()) as { completed_at: string }
    const late = channel(fake, `?completed_at_since=${encodeURIComponent(shown.completed_at)}`)
    await until(() => late.messages.length === 2)
    expect(late.messages[1]).toMatchObject({ work_request_id: second, result: 'error' })
    await api(fake, `/work-request/${await createNoop(fake)}/abort/`, { method: 'POST', json: {} })
    const third = await createNoop(fake)
    await fake.completeWorkRequest(third)
    await until(() => late.messages.length === 3)
    expect(late.messages[2]).toMatchObject({ work_request_id: third })
    late.socket.close()
  })
})

describe('faults', () => {
  it('answers an armed 503 once, then normally', async () => {
    const fake = await fakeServer()
    fake.injectFault({ method: 'GET', path: '/api/1.0/whoami/', fault: { kind: 'status', status: 503 } })
    expect((await api(fake, '/whoami/')).status).toBe(503)
    expect((await api(fake, '/whoami/')).status).toBe(200)
  })

  it('resets the connection after acting: the answer is lost, the work request exists', async () => {
    const fake = await fakeServer()
    fake.injectFault({ method: 'POST', path: /work-request\/$/, fault: { kind: 'reset-after' } })
    await expect(createNoop(fake)).rejects.toThrow()
    const page = (await (await api(fake, '/work-request/')).json()) as { results: unknown[] }
    expect(page.results).toHaveLength(1)
  })

  it('resets the connection before acting: nothing is created', async () => {
    const fake = await fakeServer()
    fake.injectFault({ method: 'POST', fault: { kind: 'reset-before' } })
    await expect(createNoop(fake)).rejects.toThrow()
    const page = (await (await api(fake, '/work-request/')).json()) as { results: unknown[] }
    expect(page.results).toEqual([])
  })

  it('treats an expired token as the real server does: anonymous, 403 where a user is needed', async () => {
    const fake = await fakeServer()
    fake.expireToken()
    expect(await (await api(fake, '/whoami/')).json()).toMatchObject({ user: '<anonymous>', auth: false })
    const refused = await api(fake, '/work-request/', { method: 'POST', json: NOOP })
    expect(refused.status).toBe(403)
    expect(refused.headers.get('content-type')).toBe('application/problem+json')
  })

  it('sends a body slowly, in blocks of the size asked', async () => {
    const fake = await fakeServer()
    fake.injectFault({ path: '/api/1.0/whoami/', fault: { kind: 'slow-body', delayMs: 1, chunkBytes: 8 } })
    const answer = await api(fake, '/whoami/')
    const blocks: number[] = []
    for await (const block of answer.body!) blocks.push(block.length)
    expect(Math.max(...blocks)).toBeLessThanOrEqual(8)
    expect(blocks.reduce((sum, length) => sum + length, 0)).toBe(Number(answer.headers.get('content-length')))
  })

  it('arms the same faults over HTTP, and refuses one it does not know', async () => {
    const fake = await fakeServer()
    const arm = (rule: unknown) => control(fake, '/faults/', { method: 'POST', body: JSON.stringify(rule) })
    const slow = await arm({
      path: '/api/1.0/whoami/',
      fault: { kind: 'slow-body', delay_ms: 1, chunk_bytes: 4 },
    })
    expect(slow.status).toBe(201)
    const answer = await api(fake, '/whoami/')
    const blocks: number[] = []
    for await (const block of answer.body!) blocks.push(block.length)
    expect(Math.max(...blocks)).toBeLessThanOrEqual(4)
    expect((await arm({ fault: { kind: 'slow-body' } })).status).toBe(400)
    expect((await arm({ fault: { kind: 'recycle-close' }, times: 'always' })).status).toBe(201)
  })

  it('closes a kept-alive connection after answering: the next request on it is not read', async () => {
    const fake = await fakeServer()
    fake.injectFault({ path: '/api/1.0/whoami/', fault: { kind: 'recycle-close' } })
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const send = (method: string, path: string, body = '') =>
      new Promise<number>((resolve, reject) => {
        const headers = { Token: fake.token, 'Content-Type': 'application/json' }
        const outgoing = request(`${fake.apiUrl}/1.0${path}`, { method, agent, headers }, (incoming) => {
          incoming.resume()
          incoming.on('end', () => resolve(incoming.statusCode ?? 0))
        })
        outgoing.on('error', reject)
        outgoing.end(body)
      })
    expect(await send('GET', '/whoami/')).toBe(200)
    await expect(send('POST', '/work-request/', JSON.stringify(NOOP))).rejects.toThrow(
      /socket hang up|ECONNRESET/,
    )
    agent.destroy()
    expect(fake.receivedRequests().map((received) => received.method)).toEqual(['GET'])
    expect(await (await api(fake, '/work-request/')).json()).toMatchObject({ results: [] })
  })
})

describe('workflows', () => {
  async function startWorkflow(fake: FakeDebusine): Promise<number> {
    await api(fake, `/workflow-template/${fake.workspace}/`, {
      method: 'POST',
      json: { name: 'w', task_name: 'noop' },
    })
    const started = await api(fake, '/workflow/', {
      method: 'POST',
      json: { template_name: 'w', task_data: {} },
    })
    expect(started.status).toBe(201)
    return ((await started.json()) as { id: number }).id
  }

  const show = async (fake: FakeDebusine, id: number) =>
    (await (await api(fake, `/work-request/${id}/`)).json()) as Record<string, unknown>

  it('unblocks a manual step, and completes the workflow once its steps are done', async () => {
    const fake = await fakeServer()
    const workflow = await startWorkflow(fake)
    const step = fake.addWorkflowStep(workflow, { taskName: 'noop', status: 'blocked', manualUnblock: true })
    expect(await show(fake, step)).toMatchObject({
      parent: workflow,
      workflow_root: workflow,
      status: 'blocked',
    })
    expect(await show(fake, workflow)).toMatchObject({ status: 'running' })
    const unblocked = await api(fake, `/work-request/${step}/unblock/`, {
      method: 'POST',
      json: { action: 'accept' },
    })
    expect(await unblocked.json()).toMatchObject({ id: step, status: 'pending' })
    await fake.completeWorkRequest(step, 'success')
    expect(await show(fake, workflow)).toMatchObject({ status: 'completed', result: 'success' })
  })

  it('confirms a Wait/confirm step over the control API and the wire; a refusal fails the workflow', async () => {
    const fake = await fakeServer()
    const workflow = await startWorkflow(fake)
    const added = await control(fake, `/workflow/${workflow}/steps/`, {
      method: 'POST',
      body: JSON.stringify({ task_name: 'confirm', task_type: 'Wait' }),
    })
    const step = ((await added.json()) as { id: number; status: string }).id
    const refused = await api(fake, `/work-request/${step}/confirm/`, {
      method: 'POST',
      json: { confirm: false },
    })
    expect(await refused.json()).toMatchObject({ status: 'completed', result: 'failure' })
    expect(await show(fake, workflow)).toMatchObject({ status: 'completed', result: 'failure' })
  })

  it('records a completed worker task in the task history collection', async () => {
    const fake = await fakeServer()
    const id = await createNoop(fake)
    await fake.completeWorkRequest(id, 'success')
    const items = await api(fake, `/collection/${fake.workspace}/debusine:task-history/_/item/`)
    expect(await items.json()).toMatchObject({ count: 1, results: [{ name: `Worker:noop:::${id}` }] })
  })
})

describe('enrollment', () => {
  function enroll(fake: FakeDebusine, nonce: string): Promise<string> {
    const payload = { nonce, challenge: 'apple banana cherry dates', scope: fake.scope, hostname: 'here' }
    return fetch(`${fake.apiUrl}/enroll/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(payload),
    }).then((answer) => answer.text())
  }

  it('waits until the test confirms (the token) or cancels (none)', async () => {
    const fake = await fakeServer()
    const confirmed = enroll(fake, 'nonce-confirmed')
    await until(() => fake.pendingEnrollments().length === 1)
    fake.answerEnrollment('confirm')
    expect(JSON.parse(await confirmed)).toEqual({ outcome: 'confirm', token: fake.token })
    const cancelled = enroll(fake, 'nonce-cancelled')
    await until(() => fake.pendingEnrollments().length === 1)
    expect(fake.pendingEnrollments()[0]).toMatchObject({ nonce: 'nonce-cancelled', hostname: 'here' })
    const answered = await control(fake, '/enrollments/nonce-cancelled/cancel/', { method: 'POST' })
    expect(answered.status).toBe(200)
    expect(JSON.parse(await cancelled)).toEqual({ outcome: 'cancel', token: null })
    expect(fake.pendingEnrollments()).toEqual([])
  })
})

describe('state', () => {
  it('pages work requests by cursor, 10 at a time, newest first', async () => {
    const fake = await fakeServer()
    const ids: number[] = []
    for (let index = 0; index < 12; index++) ids.push(await createNoop(fake))
    const first = (await (await api(fake, '/work-request/')).json()) as {
      next: string
      results: { id: number }[]
    }
    const second = (await (await fetch(first.next, { headers: { Token: fake.token } })).json()) as {
      next: string | null
      previous: string
      results: { id: number }[]
    }
    expect(first.results.map((result) => result.id)).toEqual(ids.slice(2).reverse())
    expect(second.results.map((result) => result.id)).toEqual([ids[1], ids[0]])
    expect(second.next).toBeNull()
    const back = (await (await fetch(second.previous, { headers: { Token: fake.token } })).json()) as {
      results: { id: number }[]
    }
    expect(back.results).toEqual(first.results)
  })

  it('shows an artifact by workspace and id, as the client asks for it when resuming an upload', async () => {
    const fake = await fakeServer({ extraWorkspaces: ['other'] })
    const body = { category: 'debusine:test', workspace: fake.workspace, files: {}, data: {} }
    const { id } = (await (await api(fake, '/artifact/', { method: 'POST', json: body })).json()) as {
      id: number
    }
    const shown = await api(fake, `/artifact/${fake.workspace}/${id}/`)
    expect(shown.status).toBe(200)
    expect(((await shown.json()) as { id: number }).id).toBe(id)
    expect((await api(fake, `/artifact/other/${id}/`)).status).toBe(404)
    const unknown = await api(fake, `/artifact/no-such-workspace/${id}/`)
    expect([unknown.status, ((await unknown.json()) as { title: string }).title]).toEqual([
      404,
      'Workspace not found',
    ])
  })

  it('keeps its state in the state file across a restart', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'fake-debusine-')), 'state.json')
    const before = await startFakeDebusine({ stateFile })
    const id = await createNoop(before)
    await api(before, `/workflow-template/${before.workspace}/`, {
      method: 'POST',
      json: { name: 'kept', task_name: 'noop' },
    })
    await before.close()
    const after = await fakeServer({ stateFile, token: before.token })
    expect(
      ((await (await api(after, `/work-request/${id}/`)).json()) as { task_name: string }).task_name,
    ).toBe('noop')
    expect(await createNoop(after)).toBe(id + 1)
    expect((await api(after, `/workflow-template/${after.workspace}/kept/`)).status).toBe(200)
    const collections = (await (await api(after, `/collection/${after.workspace}/`)).json()) as {
      count: number
    }
    expect(collections.count).toBe(3)
  })
})
