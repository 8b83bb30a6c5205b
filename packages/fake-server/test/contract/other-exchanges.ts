import { LookupMultipleResponseSchema, LookupSingleResponseSchema } from '@debusine-ts/models'
import { channelMessages } from './channel.js'
import type { ContractExchange } from './exchange.js'
import { call, jsonOf } from './http-call.js'
import { completeArtifact, completedNoop } from './steps.js'

const WHOAMI = 'GET /api/1.0/whoami/'
const SINGLE = 'POST /api/1.0/lookup/single/'
const MULTIPLE = 'POST /api/1.0/lookup/multiple/'
const CHANNEL = 'WS /api/ws/1.0/work-request/on-completed/'

type Run = ContractExchange['run']

/** An exchange that looks up `lookup` (built from a complete artifact's id) in the target's workspace. */
function lookup(path: string, build: (id: number) => unknown, expectType: string | null = 'artifact'): Run {
  return async (target) => {
    const artifact = await completeArtifact(target, { 'looked-up.txt': 'looked up\n' })
    const body: Record<string, unknown> = { lookup: build(artifact.id), workspace: target.workspace }
    if (expectType != null) body.expect_type = expectType
    const answer = await call(target, { method: 'POST', path, json: body })
    const found = jsonOf(answer) as { artifact?: number } | { artifact?: number }[]
    const ids = (Array.isArray(found) ? found : [found]).map((result) => result.artifact === artifact.id)
    return { answer, facts: { matchesCreated: ids } }
  }
}

/** whoami, the answers to unknown URLs, scopes and methods, lookups, and the completion channel. */
export const otherExchanges: ContractExchange[] = [
  {
    name: 'whoami names the user of the token',
    endpoints: [WHOAMI],
    run: async (target) => ({ answer: await call(target, { path: '/whoami/' }) }),
  },
  {
    name: 'whoami without a token: anonymous, 200',
    endpoints: [WHOAMI],
    run: async (target) => ({ answer: await call(target, { path: '/whoami/', anonymous: true }) }),
  },
  {
    name: 'an unknown API path: the 404 page (HTML, not a problem)',
    endpoints: [],
    body: 'none',
    run: async (target) => ({ answer: await call(target, { path: '/no-such-endpoint/' }) }),
  },
  {
    name: 'an unknown scope: the 404 page',
    endpoints: [],
    body: 'none',
    run: async (target) => ({ answer: await call(target, { path: '/whoami/', headers: { 'X-Debusine-Scope': 'no-such-scope' } }) }),
  },
  {
    name: 'a known path with a method it does not take: 405 problem',
    endpoints: [],
    run: async (target) => ({ answer: await call(target, { method: 'DELETE', path: '/whoami/' }) }),
  },
  {
    name: 'looks up an artifact as NNN@artifacts',
    endpoints: [SINGLE],
    schema: LookupSingleResponseSchema,
    run: lookup('/lookup/single/', (id) => `${id}@artifacts`),
  },
  {
    name: 'looks up an artifact by id with expect_type artifact',
    endpoints: [SINGLE],
    schema: LookupSingleResponseSchema,
    run: lookup('/lookup/single/', (id) => id),
  },
  {
    name: 'a lookup that matches nothing: 404 No matches',
    endpoints: [SINGLE],
    run: lookup('/lookup/single/', () => '987654321@artifacts'),
  },
  {
    name: 'a lookup without expect_type: 400',
    endpoints: [SINGLE],
    run: lookup('/lookup/single/', (id) => `${id}@artifacts`, null),
  },
  {
    name: 'looks up several artifacts: a plain array',
    endpoints: [MULTIPLE],
    schema: LookupMultipleResponseSchema,
    run: lookup('/lookup/multiple/', (id) => [`${id}@artifacts`, id]),
  },
  {
    name: 'a multiple lookup with one miss: 404',
    endpoints: [MULTIPLE],
    run: lookup('/lookup/multiple/', (id) => [`${id}@artifacts`, '987654321@artifacts']),
  },
  {
    name: 'the completion channel greets with "connected"',
    endpoints: [CHANNEL],
    run: async (target) => ({ messages: await channelMessages(target, '', 1) }),
  },
  {
    name: 'the completion channel refuses an unknown token: one message, then close',
    endpoints: [CHANNEL],
    run: async (target) => ({ messages: await channelMessages(target, '', 2, 'f'.repeat(64)) }),
  },
  {
    name: 'the completion channel refuses an unknown workspace',
    endpoints: [CHANNEL],
    run: async (target) => ({ messages: await channelMessages(target, '?workspaces=no-such-workspace', 2) }),
  },
  {
    name: 'the completion channel replays the completions since a time, in the workspace asked',
    endpoints: [CHANNEL],
    run: async (target) => {
      const completed = await Promise.all([completedNoop(target, 'success'), completedNoop(target, 'failure')])
      const shown = await Promise.all(
        completed.map(async (id) => jsonOf(await call(target, { path: `/work-request/${id}/` })) as { id: number; completed_at: string }),
      )
      const [earlier, later] = shown.sort((a, b) => a.completed_at.localeCompare(b.completed_at))
      const query = `?workspaces=${target.workspace}&completed_at_since=${encodeURIComponent(earlier!.completed_at)}`
      const messages = await channelMessages(target, query, 2)
      const ids = messages.map((message) => (message as { work_request_id?: number }).work_request_id)
      // Exactly one request completed at that instant: the replay starts after it.
      return { messages, facts: { ids: ids.map((id) => (id === undefined ? null : id === later!.id ? 'later' : id)) } }
    },
  },
]
