import { WorkRequestSchema } from '@debusine-ts/models'
import type { ContractExchange } from './exchange.js'
import { call, jsonOf } from './http-call.js'
import { completedNoop, createPending, pendingTaskBody } from './steps.js'
import type { Target } from './target.js'

const CREATE = 'POST /api/1.0/work-request/'
const LIST = 'GET /api/1.0/work-request/'
const SHOW = 'GET /api/1.0/work-request/{id}/'
const UPDATE = 'PATCH /api/1.0/work-request/{id}/'
const ABORT = 'POST /api/1.0/work-request/{id}/abort/'
const RETRY = 'POST /api/1.0/work-request/{id}/retry/'

interface Page {
  next: string | null
  previous: string | null
  results: { id: number }[]
}

function abort(target: Target, id: number): Promise<unknown> {
  return call(target, { method: 'POST', path: `/work-request/${id}/abort/`, json: {} })
}

/** Work requests: creation, show, list in cursor pages, abort, retry, priority. */
export const workRequestExchanges: ContractExchange[] = [
  {
    name: 'creates a work request: 200 (not 201), already pending',
    endpoints: [CREATE],
    schema: WorkRequestSchema,
    run: async (target) => {
      const answer = await call(target, { method: 'POST', path: '/work-request/', json: pendingTaskBody(target) })
      const created = jsonOf(answer) as { id: number; status: string; result: string }
      await abort(target, created.id)
      return { answer, facts: { status: created.status, result: created.result } }
    },
  },
  {
    name: 'refuses a task that is not registered: 400',
    endpoints: [CREATE],
    run: async (target) => ({
      answer: await call(target, {
        method: 'POST',
        path: '/work-request/',
        json: { ...pendingTaskBody(target), task_name: 'no-such-task' },
      }),
    }),
  },
  {
    name: 'refuses unknown fields in a work request: 400 Cannot deserialize',
    endpoints: [CREATE],
    run: async (target) => ({
      answer: await call(target, { method: 'POST', path: '/work-request/', json: { ...pendingTaskBody(target), x: 1 } }),
    }),
  },
  {
    name: 'shows a work request',
    endpoints: [SHOW],
    schema: WorkRequestSchema,
    run: async (target) => {
      const id = await createPending(target)
      const answer = await call(target, { path: `/work-request/${id}/` })
      await abort(target, id)
      return { answer }
    },
  },
  {
    name: 'shows a noop work request completed with success',
    endpoints: [SHOW],
    schema: WorkRequestSchema,
    run: async (target) => {
      const answer = await call(target, { path: `/work-request/${await completedNoop(target, 'success')}/` })
      const shown = jsonOf(answer) as { status: string; result: string }
      return { answer, facts: { status: shown.status, result: shown.result } }
    },
  },
  {
    name: 'answers 404 for an unknown work request',
    endpoints: [SHOW],
    run: async (target) => ({ answer: await call(target, { path: '/work-request/987654321/' }) }),
  },
  {
    name: 'lists work requests in cursor pages of 10, newest first, following next',
    endpoints: [LIST],
    run: async (target) => {
      const ids: number[] = []
      for (let index = 0; index < 11; index++) ids.push(await createPending(target))
      const answer = await call(target, { path: `/work-request/?ids=${ids.join(',')}` })
      const first = jsonOf(answer) as Page
      const second = jsonOf(await call(target, { path: first.next! })) as Page
      const relative = (page: Page) => page.results.map((result) => ids.indexOf(result.id))
      for (const id of ids) await call(target, { method: 'POST', path: `/work-request/${id}/abort/`, json: {} })
      return {
        answer,
        facts: {
          first: relative(first),
          second: relative(second),
          secondHasPrevious: second.previous != null,
          secondHasNext: second.next != null,
          firstHasPrevious: first.previous != null,
        },
      }
    },
  },
  {
    name: 'refuses an unknown status filter: 400',
    endpoints: [LIST],
    run: async (target) => ({ answer: await call(target, { path: '/work-request/?status=sleeping' }) }),
  },
  {
    name: 'aborts a pending work request, then refuses to abort it again',
    endpoints: [ABORT],
    schema: WorkRequestSchema,
    run: async (target) => {
      const id = await createPending(target)
      const answer = await call(target, { method: 'POST', path: `/work-request/${id}/abort/`, json: {} })
      const again = await call(target, { method: 'POST', path: `/work-request/${id}/abort/`, json: {} })
      const aborted = jsonOf(answer) as { status: string }
      return { answer, facts: { status: aborted.status, again: [again.status, (jsonOf(again) as { title: string }).title] } }
    },
  },
  {
    name: 'retries an aborted work request: a new one, pending; the old one cannot be retried again',
    endpoints: [RETRY],
    schema: WorkRequestSchema,
    run: async (target) => {
      const id = await createPending(target)
      await call(target, { method: 'POST', path: `/work-request/${id}/abort/`, json: {} })
      const answer = await call(target, { method: 'POST', path: `/work-request/${id}/retry/`, json: {} })
      const retried = jsonOf(answer) as { id: number; status: string }
      const again = await call(target, { method: 'POST', path: `/work-request/${id}/retry/`, json: {} })
      await call(target, { method: 'POST', path: `/work-request/${retried.id}/abort/`, json: {} })
      return { answer, facts: { newId: retried.id > id, status: retried.status, again: jsonOf(again) } }
    },
  },
  {
    name: 'refuses to retry a successful work request: 400',
    endpoints: [RETRY],
    run: async (target) => {
      const id = await completedNoop(target, 'success')
      return { answer: await call(target, { method: 'POST', path: `/work-request/${id}/retry/`, json: {} }) }
    },
  },
  {
    name: 'lowers the priority of a work request (its creator may, down to below zero)',
    endpoints: [UPDATE],
    schema: WorkRequestSchema,
    run: async (target) => {
      const id = await createPending(target)
      const answer = await call(target, { method: 'PATCH', path: `/work-request/${id}/`, json: { priority_adjustment: -5 } })
      await abort(target, id)
      return { answer, facts: { adjustment: (jsonOf(answer) as { priority_adjustment: number }).priority_adjustment } }
    },
  },
  {
    name: 'refuses to raise the priority of a work request without the global permission: 403',
    endpoints: [UPDATE],
    run: async (target) => {
      const id = await createPending(target)
      const answer = await call(target, { method: 'PATCH', path: `/work-request/${id}/`, json: { priority_adjustment: 10 } })
      await abort(target, id)
      return { answer }
    },
  },
]
