/**
 * Task configuration pushes through the fault proxy against the real Debusine 0.16.2
 * server. A push replaces the collection's contents, so the client sends it again when its
 * connection fails under it: a keep-alive connection reset by a worker gunicorn recycles,
 * or an answer lost after the server applied the push. Every fate is seeded.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CollectionCategory } from '@debusine-ts/models'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startFaultProxy, type Fate, type FaultProxy } from '../../../tooling/fault-proxy/index.js'
import { freshWorkspace, realServer, requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'

let workspace: string
let direct: DebusineClient
let scratch: string
const proxies: FaultProxy[] = []

beforeAll(async () => {
  workspace = await freshWorkspace('taskconfig-faults')
  const server = realServer()
  direct = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  scratch = await mkdtemp(join(tmpdir(), 'debusine-ts-task-config-faults-'))
})

afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()))
})

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

const sbuild = { task_type: 'Worker', task_name: 'sbuild', default_values: { backend: 'unshare' } }

const isPush = (method: string, target: string): boolean =>
  method === 'POST' && target.includes('/api/1.0/task-configuration/')

/**
 * A new collection, a plain directory fetched from it with one entry added, and a client
 * whose first push meets `fate` in the proxy (everything else passes).
 */
async function pushThrough(seed: number, fate: Fate) {
  const name = uniqueName('tc').replace(/-/g, '.')
  await direct.collections.create({ name, category: CollectionCategory.TASK_CONFIGURATION, data: {} })
  const directory = join(scratch, name)
  await direct.taskConfigurations.fetchToRepository(directory, { name })
  await writeFile(join(directory, 'builds.yaml'), `- ${JSON.stringify(sbuild)}\n`)
  let pushes = 0
  const server = realServer()
  const proxy = await startFaultProxy({
    target: server.apiUrl,
    seed,
    fates: {
      request: ({ method, target }) => (isPush(method, target) && ++pushes === 1 ? fate : { kind: 'pass' }),
    },
  })
  proxies.push(proxy)
  const client = new DebusineClient({
    apiUrl: proxy.url,
    token: server.token,
    scope: server.scope,
    workspace,
  })
  const pushed = await client.taskConfigurations.push(directory)
  const answered = proxy.counters.requests.filter(
    (request) => isPush(request.method, request.target) && request.status !== undefined,
  )
  const { items } = await direct.taskConfigurations.fetch({ name })
  return { pushed, pushes, answered, items }
}

requires('taskConfigurations').describe(
  'task configuration pushes through a faulty network (real server, seeded faults)',
  () => {
    it('a push whose connection is reset before the server reads it (a recycled worker) is sent again, applied once', async () => {
      const { pushed, pushes, answered, items } = await pushThrough(31, { kind: 'close', reset: true })
      expect(pushes).toBe(2)
      expect(answered).toHaveLength(1)
      expect(pushed).toMatchObject({ added: 1, updated: 0, removed: 0, unchanged: 0, dryRun: false })
      expect(items).toHaveLength(1)
      expect(items[0]).toMatchObject(sbuild)
    })

    it('a push whose answer is lost after the server applied it is sent again: the server holds the pushed items once', async () => {
      const { pushed, pushes, answered, items } = await pushThrough(37, {
        kind: 'drop-response',
        reset: true,
      })
      expect(pushes).toBe(2)
      // Both reached the server: the first applied the push, the second found nothing to change.
      expect(answered.map((request) => request.status)).toEqual([200, 200])
      expect(pushed).toMatchObject({ added: 0, updated: 0, removed: 0, unchanged: 1, dryRun: false })
      expect(items).toHaveLength(1)
      expect(items[0]).toMatchObject(sbuild)
    })
  },
)
