/**
 * What the client knows of the real server it talks to (sid 0.16.2 or trixie 0.11.3, as CI
 * runs both): its version, learned once; on a server that lacks an operation, the typed
 * refusal before anything is sent; on one that has it, the operation goes through the gate.
 */
import {
  operationSupport,
  SERVER_OPERATIONS,
  ServerTooOldError,
  compareDebusineVersions,
  type WorkRequest,
} from '@debusine-ts/models'
import { TestArtifact } from '@debusine-ts/artifacts'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import { DebusineClient, workflowChildren } from '../src/index.js'

const server = realServer()
/** The upstream version the server tells (the package's, without its Debian revision). */
const upstream = server.serverVersion.replace(/[+~-].*$/, '')
let workspace: string

beforeAll(async () => {
  workspace = await freshWorkspace('capabilities')
})

/** A client whose every request is recorded (method and path). */
function recordingClient(): { client: DebusineClient; sent: string[] } {
  const sent: string[] = []
  const record: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    sent.push(`${request.method} ${new URL(request.url).pathname}`)
    return fetch(request)
  }
  const client = new DebusineClient({
    apiUrl: server.apiUrl,
    token: server.token,
    scope: server.scope,
    workspace,
    fetch: record,
  })
  return { client, sent }
}

const collection = { category: 'debusine:suite', name: 'capabilities' }

/** One call of each operation of the table, with arguments valid for the client. */
const calls: Record<string, (client: DebusineClient) => Promise<unknown>> = {
  'workRequests.abort': (client) => client.workRequests.abort(1),
  'workRequests.confirm': (client) => client.workRequests.confirm(1),
  'workRequests.list filtered by ids or status': (client) =>
    client.workRequests.list({ ids: [1] }).toArray({ limit: 1 }),
  'workRequests.list filtered by task type or root only': (client) =>
    client.workRequests.list({ rootOnly: true }).toArray({ limit: 1 }),
  'workflowTemplates.getByName': (client) => client.workflowTemplates.get('capabilities'),
  'workflowTemplates.list': (client) => client.workflowTemplates.list().toArray({ limit: 1 }),
  'artifacts.create with an expiration': async (client) =>
    client.artifacts.create(await TestArtifact.create({}), { expirationDelay: 86_400 }),
  'workflows.start without a template': (client) => client.workflows.start({ taskName: 'noop' }),
  'collections.create': (client) => client.collections.create({ ...collection, data: {} }),
  'collections.get': (client) => client.collections.get(collection),
  'collections.list': (client) => client.collections.list().toArray({ limit: 1 }),
  'collections.update': (client) => client.collections.update({ id: 1, ...collection, data: {} }),
  'collections.delete': (client) => client.collections.delete(1),
  'collections.items': (client) => client.collections.items.list(collection).toArray({ limit: 1 }),
  'collections.relations': (client) => client.collections.relations.list().toArray({ limit: 1 }),
  'collections.tokens': (client) => client.collections.tokens.list(collection).toArray({ limit: 1 }),
  taskConfigurations: (client) => client.taskConfigurations.fetch({ name: 'default' }),
  'workspaces.inheritance': (client) => client.workspaces.getInheritance(),
  'metrics.emit': (client) =>
    client.metrics.emit({ metricType: 'counter', name: 'capabilities', labels: {}, value: 1 }),
  lookups: (client) => client.lookups.single({ lookup: 1, expectType: 'artifact' }),
  workflowChildren: (client) => workflowChildren(client, { id: 1, task_type: 'Workflow' } as WorkRequest),
}

describe(`the capabilities of the real server (Debusine ${server.serverVersion})`, () => {
  it('learns the version the server runs, once per client, from its web UI', async () => {
    const { client, sent } = recordingClient()
    expect(await client.transport.capabilities.version()).toBe(upstream)
    expect(await client.transport.capabilities.version()).toBe(upstream)
    await client.transport.capabilities.require('workRequests.abort').catch(() => undefined)
    expect(sent).toEqual(['GET /-/login/'])
  })

  const lacking = SERVER_OPERATIONS.filter(
    (entry) => operationSupport(entry.operation, upstream) === 'too-old',
  )
  for (const entry of lacking) {
    it(`refuses ${entry.operation} before sending anything: ServerTooOldError names it, ${upstream} and ${entry.since ?? ''}`, async () => {
      const call = calls[entry.operation]
      expect(call, `no call of ${entry.operation} in this test`).toBeDefined()
      const { client, sent } = recordingClient()
      const error = await call!(client).then(
        () => undefined,
        (failure: unknown) => failure,
      )
      expect(ServerTooOldError.isInstance(error), String(error)).toBe(true)
      expect((error as ServerTooOldError).message).toBe(
        `${entry.operation} needs Debusine ${entry.since ?? ''} or later; the server runs ${upstream} (nothing was sent)`,
      )
      expect(sent).toEqual(['GET /-/login/'])
    })
  }

  it('lets every operation this server has through the gate, in the shape the table says', async () => {
    const { client } = recordingClient()
    for (const entry of SERVER_OPERATIONS.filter((row) => !lacking.includes(row))) {
      const expected =
        entry.shapeSince !== undefined && compareDebusineVersions(upstream, entry.shapeSince) < 0
      expect(await client.transport.capabilities.require(entry.operation), entry.operation).toBe(
        expected ? 'older-shape' : 'works',
      )
    }
  })
})

describe(`workflow templates in the shape Debusine ${server.serverVersion} reads`, () => {
  it('creates, reads by id, updates and deletes by id with one call each, whatever the shape', async () => {
    const { client } = recordingClient()
    const name = `capabilities-${Date.now().toString(36)}`
    const created = await client.workflowTemplates.create({ name, task_name: 'noop', static_parameters: {} })
    expect(created).toMatchObject({ name, task_name: 'noop', static_parameters: {}, priority: 0 })
    await expect(client.workflowTemplates.get(created.id)).resolves.toMatchObject({ id: created.id, name })
    const updated = await client.workflowTemplates.update({ ...created, priority: -1 })
    expect(updated).toMatchObject({ id: created.id, priority: -1 })
    await client.workflowTemplates.delete(created.id)
    await expect(client.workflowTemplates.get(created.id)).rejects.toMatchObject({ status: 404 })
  })
})
