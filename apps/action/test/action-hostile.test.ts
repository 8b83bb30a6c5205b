/**
 * The bundled action against a hostile server (tooling/hostile-server), run as a runner runs
 * it: statuses, results, task names and page URLs crafted to become workflow commands, extra
 * outputs and markdown links stay data in the log, the outputs and the job summary.
 */
import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import {
  json,
  startHostileServer,
  type HostileAnswer,
  type HostileServer,
} from '../../../tooling/hostile-server/index.js'
import { runAction, type ActionRun } from './support/run-action.js'

const warning = '\n::warning title=Injected::from the server\r\n##[warning]legacy form'

/** The completion channel's handshake, then its `connected` message (the channel is ready). */
const channel: HostileAnswer = (request) => {
  const key = request.headers['sec-websocket-key'] ?? ''
  const accept = createHash('sha1').update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest('base64')
  const socket = request.socket
  socket.write(
    'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
      `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
  )
  const text = Buffer.from('{"text": "connected"}')
  socket.write(Buffer.concat([Buffer.from([0x81, text.length]), text]))
}

function workRequest(fields: Record<string, unknown>): Record<string, unknown> {
  return {
    links: {},
    id: 5,
    url: '/debian/ci/work-request/5/',
    created_at: '2026-12-01T10:00:00Z',
    status: 'completed',
    result: 'success',
    task_type: 'Workflow',
    task_name: 'noop',
    task_data: {},
    priority_base: 0,
    priority_adjustment: 0,
    artifacts: [],
    workspace: 'ci',
    ...fields,
  }
}

/**
 * The lines of `log` the runner would take for a command other than the action's own
 * `::error` and `::add-mask`: `::` at a line's start, else the older `##[` anywhere.
 */
function injectedCommands(log: string): string[] {
  return log
    .split(/\r\n|\r|\n/)
    .filter((line) => (/^\s*::/.test(line) ? !/^::(error|add-mask)[ :]/.test(line) : line.includes('##[')))
}

let server: HostileServer | undefined
afterEach(async () => {
  await server?.close()
  server = undefined
})

async function waitFor(id: number, inputs: Record<string, string> = {}): Promise<ActionRun> {
  if (server === undefined) throw new Error('no server')
  return runAction({
    'api-url': server.apiUrl,
    scope: 'debian',
    workspace: 'ci',
    token: 'hostile-test-token',
    mode: 'wait',
    id: String(id),
    ...inputs,
  })
}

describe('the action against a hostile server (bundled dist/index.js)', () => {
  it('a status crafted as a workflow command stays one line of text, and the outputs say unknown', async () => {
    server = await startHostileServer({
      'GET /api/1.0/work-request/5/': json(
        workRequest({
          status: `pending${warning}\nid=666`,
          result: '',
          task_name: '[pwned](https://evil.example)',
        }),
      ),
    })
    const run = await waitFor(5, { wait: 'false' })
    expect(run.stderr).toBe('')
    expect(run.code, run.stdout).toBe(0)
    expect(injectedCommands(run.stdout)).toEqual([])
    expect(run.stdout).toContain('Work request #5 (unknown): http://127.0.0.1:')
    expect(run.outputs).toEqual({
      id: '5',
      status: 'unknown',
      result: '',
      url: `${server.origin}/debian/ci/work-request/5/`,
      'child-ids': '',
      'artifact-ids': '',
      'uploaded-artifact-ids': '',
      'failed-leaves': '',
    })
    expect(run.summary).toContain('| Status | unknown |')
    expect(run.summary).toContain('[#5 \\[pwned\\]\\(https:\\/\\/evil\\.example\\)](http://127.0.0.1:')
    expect(run.summary).not.toContain('::warning')
  })

  it('a result, child task names and a page URL crafted as commands: text in the log, summary and outputs', async () => {
    const child = workRequest({
      id: 6,
      url: `/debian/ci/work-request/6/${warning}`,
      task_type: 'Worker',
      task_name: '<img src=https://evil.example/x> *bold* | cell',
      status: `running${warning}`,
      result: `failure${warning}`,
      workflow_root: 5,
      parent: 5,
    })
    const root = workRequest({ result: `success${warning}`, url: `/debian/ci/work-request/5/${warning}` })
    server = await startHostileServer({
      'GET /api/ws/1.0/work-request/on-completed/': channel,
      'GET /api/1.0/work-request/5/': json(root),
      'GET /api/1.0/work-request/': json({ next: null, previous: null, results: [child, root] }),
    })
    const run = await waitFor(5)
    expect(run.stderr).toBe('')
    expect(run.code, run.stdout).toBe(1)
    expect(injectedCommands(run.stdout)).toEqual([])
    expect(run.stdout).toContain(
      '::error title=Debusine::Work request #5 completed, unknown: http://127.0.0.1:',
    )
    expect(run.outputs).toMatchObject({ id: '5', status: 'completed', result: 'unknown', 'child-ids': '6' })
    expect(run.outputs.url).toBe(
      `${server.origin}/debian/ci/work-request/5/::warning%20title=Injected::from%20the%20server`,
    )
    expect(Object.keys(run.outputs)).toHaveLength(8)
    expect(run.summary).toContain('## ❌ Debusine workflow #5: completed, unknown\n')
    expect(run.summary).toContain(
      '| &lt;img src=https:\\/\\/evil\\.example\\/x&gt; \\*bold\\* \\| cell | unknown | unknown | — | [#6](http://127.0.0.1:',
    )
    expect(run.summary.split('\n').filter((line) => line.startsWith('::'))).toEqual([])
  })
})
