import { describe, expect, it } from 'vitest'
import { noopData, postJson, pythonClient, realServer } from '../../vitest/real-server.js'

const server = realServer()

function createNoop(token: string): Promise<Response> {
  const noop = { task_name: 'noop', task_data: noopData('success'), event_reactions: {} }
  return postJson('work-request/', token, { ...noop, workspace: server.workspace })
}

async function getWorkRequest(id: number): Promise<{ id: number; status: string; result: string }> {
  const response = await fetch(`${server.apiUrl}/1.0/work-request/${id}/`, {
    headers: { Token: server.token, 'X-Debusine-Scope': server.scope },
    signal: AbortSignal.timeout(10_000),
  })
  expect(response.status).toBe(200)
  return (await response.json()) as { id: number; status: string; result: string }
}

describe('work requests on the real server', () => {
  it('refuses a user without a role with 403 problem+json', async () => {
    const response = await createNoop(server.noroleToken)
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toContain('application/problem+json')
    expect(((await response.json()) as { title: string }).title).toContain('norole')
  })

  it('runs a noop work request on the real worker to success', async () => {
    const response = await createNoop(server.token)
    expect(response.status).toBe(200)
    const { id } = (await response.json()) as { id: number }
    const deadline = Date.now() + 60_000
    let current = await getWorkRequest(id)
    while (current.status !== 'completed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      current = await getWorkRequest(id)
    }
    expect(current).toMatchObject({ id, status: 'completed', result: 'success' })
  }, 70_000)

  it('is readable with the official Python client', async () => {
    const response = await createNoop(server.token)
    const { id } = (await response.json()) as { id: number }
    const result = await pythonClient(['work-request', 'show', '--yaml', String(id)])
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(new RegExp(`^id: ${id}$`, 'm'))
    expect(result.stdout).toMatch(/^task_name: noop$/m)
  })
})
