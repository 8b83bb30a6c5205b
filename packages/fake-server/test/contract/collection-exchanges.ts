import {
  CollectionSchema,
  HistoricalTaskRunDataSchema,
  InheritanceChainSchema,
  paginatedSchema,
  RelationListSchema,
  RelationSchema,
} from '@debusine-ts/models'
import type { ContractExchange } from './exchange.js'
import { call, jsonOf, maskId } from './http-call.js'
import { completeArtifact, completedNoop, createArtifact } from './steps.js'
import type { Target } from './target.js'

const LIST = 'GET /api/1.0/collection/{workspace}/'
const BY_ID = 'GET /api/1.0/collection/{workspace}/{id}/'
const SHOW = 'GET /api/1.0/collection/{workspace}/{category}/{name}/'
const ITEMS = 'GET /api/1.0/collection/{workspace}/{category}/{name}/item/'
const ITEM = 'GET /api/1.0/collection/{workspace}/{category}/{name}/item/{item}/'
const RELATE = 'POST /api/1.0/artifact-relation/'
const RELATIONS = 'GET /api/1.0/artifact-relation/'
const INHERITANCE = 'GET /api/1.0/workspace/{workspace}/inheritance/'
const HISTORY = 'debusine:task-history/_'

interface Page {
  count: number
  results: Record<string, unknown>[]
}

function relate(target: Target, artifact: number, targetId: number, type = 'relates-to') {
  return call(target, { method: 'POST', path: '/artifact-relation/', json: { artifact, target: targetId, type } })
}

/** Collections and their items, artifact relations, workspace inheritance. */
export const collectionExchanges: ContractExchange[] = [
  {
    name: 'lists the collections of a fresh workspace: its singletons, by category',
    endpoints: [LIST],
    schema: paginatedSchema(CollectionSchema),
    run: async (target) => {
      const answer = await call(target, { path: `/collection/${target.workspace}/` })
      const page = jsonOf(answer) as Page
      const beyond = await call(target, { path: `/collection/${target.workspace}/?page=2` })
      return { answer, facts: { listed: page.results.map((c) => `${String(c.name)}@${String(c.category)}`), beyond: beyond.status } }
    },
  },
  {
    name: 'shows a collection by category and name, and by id',
    endpoints: [SHOW, BY_ID],
    schema: CollectionSchema,
    run: async (target) => {
      const answer = await call(target, { path: `/collection/${target.workspace}/${HISTORY}/` })
      const { id } = jsonOf(answer) as { id: number }
      const byId = await call(target, { path: `/collection/${target.workspace}/${id}/` })
      return { answer, facts: { sameById: byId.bytes.equals(answer.bytes) } }
    },
  },
  {
    name: 'answers 404 for an unknown collection, by name or by id',
    endpoints: [SHOW, BY_ID],
    run: async (target) => {
      const answer = await call(target, { path: `/collection/${target.workspace}/debian:suite/no-such-suite/` })
      const byId = await call(target, { path: `/collection/${target.workspace}/987654321/` })
      return { answer, facts: { byId: [byId.status, jsonOf(byId)] } }
    },
  },
  {
    name: 'lists the items of the task history: a completed noop is recorded',
    endpoints: [ITEMS],
    schema: paginatedSchema(CollectionSchema.pick({ name: true, category: true, data: true })),
    run: async (target) => {
      const id = await completedNoop(target, 'success')
      const answer = await call(target, { path: `/collection/${target.workspace}/${HISTORY}/item/?name__startswith=Worker:noop:` })
      const item = (jsonOf(answer) as Page).results.find((found) => found.name === `Worker:noop:::${id}`)
      return {
        answer,
        facts: { category: item?.category, dataValid: HistoricalTaskRunDataSchema.safeParse(item?.data).success },
      }
    },
  },
  {
    name: 'shows one item of the task history',
    endpoints: [ITEM],
    run: async (target) => {
      const id = await completedNoop(target, 'success')
      const answer = await call(target, { path: `/collection/${target.workspace}/${HISTORY}/item/Worker:noop:::${id}/` })
      const item = jsonOf(answer) as { name: string; data: { result: string; work_request_id: number } }
      return { answer, facts: { named: item.name === `Worker:noop:::${id}`, result: item.data.result, id: item.data.work_request_id === id } }
    },
  },
  {
    name: 'answers 404 "Collection not found" for the items of an unknown collection, and for an unknown item',
    endpoints: [ITEMS, ITEM],
    run: async (target) => {
      const answer = await call(target, { path: `/collection/${target.workspace}/debian:suite/no-such-suite/item/` })
      const item = await call(target, { path: `/collection/${target.workspace}/${HISTORY}/item/no-such-item/` })
      return { answer, facts: { item: [item.status, jsonOf(item)] } }
    },
  },
  {
    name: 'creates a relation: 201, then 200 with the same one',
    endpoints: [RELATE],
    schema: RelationSchema,
    run: async (target) => {
      const [from, to] = [await completeArtifact(target, { 'from.txt': 'from\n' }), await completeArtifact(target, { 'to.txt': 'to\n' })]
      const answer = await relate(target, from.id, to.id)
      const again = await relate(target, from.id, to.id)
      const [first, second] = [jsonOf(answer), jsonOf(again)] as { id: number }[]
      return { answer, facts: { again: again.status, sameId: first!.id === second!.id } }
    },
  },
  {
    name: 'refuses a relation of an unknown type, or to an unknown artifact: 400',
    endpoints: [RELATE],
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'alone.txt': 'alone\n' })
      const answer = await relate(target, artifact.id, artifact.id, 'no-such-type')
      const unknown = await relate(target, artifact.id, 987654321)
      return { answer, facts: { unknown: [unknown.status, jsonOf(unknown)] } }
    },
  },
  {
    name: 'refuses a relation from an artifact with files still to upload: 400',
    endpoints: [RELATE],
    run: async (target) => {
      const incomplete = await createArtifact(target, { 'later.txt': 'later\n' })
      const other = await completeArtifact(target, { 'done.txt': 'done\n' })
      return { answer: maskId(await relate(target, incomplete.id, other.id), incomplete.id) }
    },
  },
  {
    name: 'lists the relations from and to an artifact: plain arrays',
    endpoints: [RELATIONS],
    schema: RelationListSchema,
    run: async (target) => {
      const [a, b] = [await completeArtifact(target, { 'a.txt': 'a\n' }), await completeArtifact(target, { 'b.txt': 'b\n' })]
      await relate(target, a.id, b.id, 'extends')
      const answer = await call(target, { path: `/artifact-relation/?artifact=${a.id}` })
      const to = jsonOf(await call(target, { path: `/artifact-relation/?target_artifact=${b.id}` })) as { artifact: number }[]
      const from = jsonOf(answer) as { target: number; type: string }[]
      return { answer, facts: { from: from.map((r) => [r.target === b.id, r.type]), to: to.map((r) => r.artifact === a.id) } }
    },
  },
  {
    name: 'refuses a relation list without an artifact (400) or of an unknown one (404)',
    endpoints: [RELATIONS],
    run: async (target) => {
      const answer = await call(target, { path: '/artifact-relation/' })
      const unknown = await call(target, { path: '/artifact-relation/?artifact=987654321' })
      return { answer, facts: { unknown: [unknown.status, jsonOf(unknown)] } }
    },
  },
  {
    name: 'shows the inheritance chain of a fresh workspace: empty',
    endpoints: [INHERITANCE],
    schema: InheritanceChainSchema,
    run: async (target) => {
      const answer = await call(target, { path: `/workspace/${target.workspace}/inheritance/` })
      const unknown = await call(target, { path: '/workspace/no-such-workspace/inheritance/' })
      return { answer, facts: { chain: (jsonOf(answer) as { chain: unknown }).chain, unknown: [unknown.status, jsonOf(unknown)] } }
    },
  },
]
