import { writeFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  freshWorkspace,
  noopData,
  postJson,
  pythonClient,
  realServer,
  requires,
  uniqueName,
} from '../../vitest/real-server.js'

const server = realServer()
const workspace = await freshWorkspace('tooling')

describe('a fresh workspace', () => {
  it('lets testuser create work requests in it, and hides it from norole', async () => {
    const body = { task_name: 'noop', task_data: noopData('success'), event_reactions: {}, workspace }
    expect((await postJson('work-request/', server.token, body)).status).toBe(200)
    // A new workspace is private: to a user without a role it does not exist (404, not 403).
    expect((await postJson('work-request/', server.noroleToken, body)).status).toBe(404)
  })

  requires('collections.create').it('lets testuser create a collection in it', async () => {
    const response = await postJson(`collection/${workspace}/`, server.token, {
      name: uniqueName('suite'),
      category: 'debian:suite',
      full_history_retention_period: null,
      metadata_only_retention_period: null,
      data: {},
    })
    expect(response.status, await response.clone().text()).toBe(201)
  })
})

describe('the Python client wrapper', () => {
  let dir = ''
  afterAll(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true })
  })

  it('uploads a host file from the temporary directory', async () => {
    dir = await mkdtemp(join(tmpdir(), 'real-server-'))
    await writeFile(join(dir, 'hello.txt'), 'hello\n')
    const result = await pythonClient(
      [
        'artifact',
        'create',
        '--workspace',
        workspace,
        'debusine:test',
        '--upload-base-directory',
        dir,
        '--upload',
        'hello.txt',
      ],
      { cwd: dir },
    )
    expect(result.status, result.stderr).toBe(0)
    expect(result.stdout + result.stderr).toMatch(/New artifact created/)
  })
})
