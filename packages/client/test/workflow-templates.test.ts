/**
 * client.workflowTemplates against the real Debusine 0.16.2 server.
 */
import { ValidationError } from '@debusine-ts/models'
import { BadRequestError, NotFoundError, PermissionDeniedError } from '@debusine-ts/transport'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, realServer, requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { rejection } from '../../../tooling/vitest/rejection.js'

let workspace: string
let client: DebusineClient

beforeAll(async () => {
  workspace = await freshWorkspace('wft')
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
})

describe('workflowTemplates', () => {
  requires('workflowTemplates.getByName').it(
    'creates (201), reads by name and id, updates with the template as received, and deletes (204)',
    async () => {
      const name = uniqueName('tpl')
      const created = await client.workflowTemplates.create({
        name,
        task_name: 'noop',
        static_parameters: {},
        runtime_parameters: 'any',
      })
      expect(created).toMatchObject({
        name,
        task_name: 'noop',
        runtime_parameters: 'any',
        priority: 0,
        restricted: false,
      })
      await expect(client.workflowTemplates.get(name)).resolves.toMatchObject({ id: created.id, name })
      await expect(client.workflowTemplates.get(created.id)).resolves.toMatchObject({ id: created.id, name })

      // A client whose default workspace is another one: the workspace comes from links.self.
      const server = realServer()
      const elsewhere = new DebusineClient({
        apiUrl: server.apiUrl,
        token: server.token,
        scope: server.scope,
      })
      const updated = await elsewhere.workflowTemplates.update({
        ...created,
        priority: -1,
        runtime_parameters: {},
      })
      expect(updated).toMatchObject({ id: created.id, priority: -1, runtime_parameters: {} })
      await expect(client.workflowTemplates.get(created.id)).resolves.toMatchObject({ priority: -1 })

      await client.workflowTemplates.delete(name)
      await expect(client.workflowTemplates.get(name)).rejects.toSatisfy((error) =>
        NotFoundError.isInstance(error),
      )
    },
  )

  requires('workflowTemplates.list').it(
    'lists every template across page-number pages, by name',
    async () => {
      const prefix = uniqueName('page')
      const names = Array.from({ length: 11 }, (_, index) => `${prefix}-${String(index).padStart(2, '0')}`)
      for (const name of names) {
        await client.workflowTemplates.create({ name, task_name: 'noop', static_parameters: {} })
      }
      const pages = []
      for await (const page of client.workflowTemplates.list().pages()) pages.push(page)
      expect(pages.length).toBeGreaterThanOrEqual(2)
      expect(pages[0]?.count).toBeGreaterThanOrEqual(11)
      const listed = pages.flatMap((page) => page.items.map((item) => item.name))
      expect(listed.filter((name) => name.startsWith(prefix))).toEqual(names)
    },
  )

  it('refuses a duplicate name with the server reason', async () => {
    const name = uniqueName('dup')
    await client.workflowTemplates.create({ name, task_name: 'noop', static_parameters: {} })
    const error = await rejection(
      client.workflowTemplates.create({ name, task_name: 'noop', static_parameters: {} }),
    )
    expect(BadRequestError.isInstance(error)).toBe(true)
    // 0.16.2 says it in words; 0.11.3 names the unique fields.
    expect(error.message).toMatch(
      /Workflow template already exists|The fields name, workspace must make a unique set/,
    )
  })

  it('a positive priority is refused with an explanation', async () => {
    const error = await rejection(
      client.workflowTemplates.create({
        name: uniqueName('prio'),
        task_name: 'noop',
        static_parameters: {},
        priority: 5,
      }),
    )
    expect(PermissionDeniedError.isInstance(error)).toBe(true)
    expect(error.message).toMatch(/manage_workrequest_priorities/)
  })

  it('validates the template and the workspace before sending', async () => {
    await expect(
      client.workflowTemplates.create({ name: 'x', static_parameters: {} } as never),
    ).rejects.toSatisfy((error) => ValidationError.isInstance(error))
    const server = realServer()
    const noDefault = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope })
    expect(() => noDefault.workflowTemplates.list()).toThrow(/no workspace given/)
    await expect(client.workflowTemplates.get('')).rejects.toThrow(/idOrName/)
  })
})
