import type { ContractExchange } from './exchange.js'
import { call, jsonOf } from './http-call.js'
import type { Target } from './target.js'

const CREATE = 'POST /api/1.0/work-request/'

/** Create a `noop` work request with `taskData`; the facts are the refusal's detail and errors, whole. */
async function noopWith(target: Target, taskData: unknown) {
  const answer = await call(target, {
    method: 'POST',
    path: '/work-request/',
    json: { task_name: 'noop', workspace: target.workspace, task_data: taskData, event_reactions: {} },
  })
  const problem = jsonOf(answer) as { detail?: unknown; validation_errors?: unknown }
  return { answer, facts: { detail: problem.detail, validationErrors: problem.validation_errors } }
}

/** Task data the real server's pydantic models refuse: the fake refuses it with the same 400. */
export const taskDataExchanges: ContractExchange[] = [
  {
    name: 'refuses noop task data with a result that is not a result: 400 validation error for NoopData',
    endpoints: [CREATE],
    run: (target) => noopWith(target, { result: true }),
  },
  {
    name: 'refuses noop task data with a misspelt key: 400 Extra inputs are not permitted',
    endpoints: [CREATE],
    run: (target) => noopWith(target, { reslt: 'success', extra: 1 }),
  },
  {
    name: 'refuses noop task data with wrong executor fields: every error, unions under each member',
    endpoints: [CREATE],
    run: (target) =>
      noopWith(target, {
        backend: 'x',
        environment: [1],
        build_architecture: 1,
        task_configuration: 2.5,
        result: 'error',
      }),
  },
  {
    name: 'refuses noop task data that is a list: 400 with the TypeError',
    endpoints: [CREATE],
    run: (target) => noopWith(target, ['success']),
  },
  {
    name: 'refuses null task data: 400 Cannot deserialize work request',
    endpoints: [CREATE],
    run: (target) => noopWith(target, null),
  },
]
