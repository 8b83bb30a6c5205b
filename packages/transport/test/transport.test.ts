/**
 * The transport against a real Debusine server, 0.16 or 0.11 (vitest project `real-server`).
 */
import { describe, expect, it } from 'vitest'
import { rejection } from '../../../tooling/vitest/rejection.js'
import { z } from 'zod'
import { WhoAmISchema } from '@debusine-ts/models'
import { freshWorkspace, noopData, realServer, requires } from '../../../tooling/vitest/real-server.js'
import {
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
  Transport,
  path,
  type TransportConfig,
} from '../src/index.js'

// Both servers' shapes (0.11 says `worker_token`), read as one.
const Whoami = WhoAmISchema
const WorkRequest = z.looseObject({ id: z.number(), task_name: z.string(), status: z.string() })
const Collection = z.looseObject({ id: z.number(), name: z.string(), category: z.string() })

function transport(config: Partial<TransportConfig> = {}): Transport {
  const server = realServer()
  return new Transport({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, ...config })
}

const noop = (workspace: string): Record<string, unknown> => ({
  task_name: 'noop',
  task_data: noopData('success'),
  event_reactions: {},
  workspace,
})

describe('transport against a real server', () => {
  it('whoami with and without a token', async () => {
    const withToken = await transport().request('GET', '/whoami/', { schema: Whoami })
    expect(withToken).toMatchObject({ auth: true, worker: false })
    expect(withToken.user).not.toBe('<anonymous>')
    const anonymous = await transport({ token: undefined }).request('GET', '/whoami/', { schema: Whoami })
    expect(anonymous.auth).toBe(false)
    const disabled = await transport({ token: realServer().disabledToken }).request('GET', '/whoami/', {
      schema: Whoami,
    })
    expect(disabled.auth).toBe(false)
  })

  it('GET of an unknown work request is a NotFoundError with the server problem', async () => {
    const error = await rejection(transport().request('GET', path`/work-request/${2_000_000_000}/`))
    expect(NotFoundError.isInstance(error)).toBe(true)
    const notFound = error as NotFoundError
    expect(notFound.status).toBe(404)
    expect(notFound.title).toBe('Error')
    expect(notFound.detail).toMatch(/No WorkRequest matches/)
    expect(notFound.message).toContain('No WorkRequest matches')
  })

  it('a user without role gets PermissionDeniedError with the server title', async () => {
    const error = await rejection(
      transport({ token: realServer().noroleToken }).request('POST', '/work-request/', {
        body: noop(realServer().workspace),
      }),
    )
    expect(PermissionDeniedError.isInstance(error)).toBe(true)
    const denied = error as PermissionDeniedError
    expect(denied.status).toBe(403)
    expect(denied.title).not.toBe('Forbidden')
    expect(denied.message).toContain(denied.title)
    expect(denied.isRetryable).toBe(false)
  })

  it('an anonymous or disabled-token POST says the token is missing, invalid or disabled', async () => {
    const anonymous = await rejection(
      transport({ token: undefined }).request('POST', '/work-request/', {
        body: noop(realServer().workspace),
      }),
    )
    expect(PermissionDeniedError.isInstance(anonymous)).toBe(true)
    expect(anonymous.message).toContain('No token is configured')
    const disabled = await rejection(
      transport({ token: realServer().disabledToken }).request('POST', '/work-request/', {
        body: noop(realServer().workspace),
      }),
    )
    expect(PermissionDeniedError.isInstance(disabled)).toBe(true)
    expect(disabled.message).toContain('missing, invalid or disabled')
    expect(disabled.message).not.toContain(realServer().disabledToken)
  })

  it('an unknown scope is a NotFoundError that names the scope', async () => {
    const error = await rejection(transport({ scope: 'no-such-scope-xyz' }).request('GET', '/whoami/'))
    expect(NotFoundError.isInstance(error)).toBe(true)
    expect(error.message).toContain('"no-such-scope-xyz"')
    expect(error.message).toContain('unknown scope?')
  })

  it('a bad body is a BadRequestError with validation errors', async () => {
    const error = await rejection(
      transport().request('POST', '/work-request/', {
        body: { task_data: {}, workspace: realServer().workspace, unexpected: 1 },
      }),
    )
    expect(BadRequestError.isInstance(error)).toBe(true)
    const badRequest = error as BadRequestError
    expect(badRequest.title).toMatch(/Cannot deserialize work request/)
    expect(badRequest.validationErrors).toBeDefined()
    expect(Object.keys(badRequest.validationErrors ?? {}).length).toBeGreaterThan(0)
  })

  it('lists work requests across cursor pages', async () => {
    const client = transport()
    const created: number[] = []
    for (let index = 0; index < 12; index += 1) {
      const workRequest = await client.request('POST', '/work-request/', {
        body: noop('System'),
        schema: WorkRequest,
      })
      created.push(workRequest.id)
    }
    const list = client.list('/work-request/', WorkRequest, { model: 'WorkRequest' })
    const first = await list.firstPage()
    expect(first.items).toHaveLength(10)
    expect(first.next).not.toBeNull()
    expect(first.count).toBeUndefined()
    const twelve = await list.toArray({ limit: 12 })
    expect(twelve).toHaveLength(12)
    const ids = twelve.map((workRequest) => workRequest.id)
    expect([...ids].sort((a, b) => b - a)).toEqual(ids)
    // Newest first: ours are among the newest unless other tests created more meanwhile.
    const recent = (await list.toArray({ limit: 100 })).map((workRequest) => workRequest.id)
    for (const id of created) expect(recent).toContain(id)
  })

  requires('collections.create').it('lists collections across page-number pages', async () => {
    const workspace = await freshWorkspace('transport')
    const client = transport()
    for (let index = 0; index < 11; index += 1) {
      await client.request('POST', path`/collection/${workspace}/`, {
        body: {
          name: `env-${String(index).padStart(2, '0')}`,
          category: 'debian:environments',
          full_history_retention_period: null,
          metadata_only_retention_period: null,
          data: {},
        },
        expectedStatus: 201,
      })
    }
    const list = client.list(path`/collection/${workspace}/`, Collection, { model: 'Collection' })
    const pages = []
    for await (const page of list.pages()) pages.push(page)
    expect(pages.length).toBeGreaterThanOrEqual(2)
    const count = pages[0]?.count ?? 0
    expect(count).toBeGreaterThanOrEqual(11)
    const all = await list.toArray({ limit: Infinity })
    expect(all).toHaveLength(count)
    expect(all.filter((collection) => collection.name.startsWith('env-'))).toHaveLength(11)
  })
})
