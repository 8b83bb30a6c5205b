/**
 * The bundled action (`dist/index.js`) against the real Debusine server (0.16.2 and 0.11.3), run as a
 * runner runs it: the README example, a workflow that succeeds, one that fails, one aborted
 * while waited on, a timeout, a bad token and a wrong input.
 */
import { execFileSync } from 'node:child_process'
import { dirname, join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { DebusineClient } from '../../../packages/client/src/index.js'
import { freshWorkspace, realServer, serverLacks, uniqueName } from '../../../tooling/vitest/real-server.js'
import { readmeExample, substitute } from './support/readme-example.js'
import { runAction } from './support/run-action.js'
import { abortWorkflow, serverWorkflow } from './support/server-workflows.js'
import { sourceCheckout } from './support/source-package.js'

let workspace: string
let client: DebusineClient
let template: string

/** The inputs every run gives. */
function common(): Record<string, string> {
  const server = realServer()
  return { 'api-url': server.apiUrl, scope: server.scope, workspace, token: server.token }
}

function webUrl(id: number): string {
  return `${new URL(realServer().apiUrl).origin}/${realServer().scope}/${workspace}/work-request/${id}/`
}

beforeAll(async () => {
  workspace = await freshWorkspace('action')
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  template = uniqueName('noop')
  for (const name of [template, 'ci-checks']) {
    await client.workflowTemplates.create({
      name,
      task_name: 'noop',
      static_parameters: {},
      runtime_parameters: 'any',
    })
  }
})

describe('the action (real server, bundled dist/index.js)', () => {
  it('runs the README example: builds the source package, uploads it, starts the workflow, waits', async () => {
    const example = readmeExample()
    const checkout = sourceCheckout()
    execFileSync('bash', ['-c', example.build.run], {
      cwd: join(dirname(checkout), example.build.workingDirectory),
    })
    const server = realServer()
    const inputs = substitute(example.inputs, {
      DEBUSINE_API_URL: server.apiUrl,
      DEBUSINE_SCOPE: server.scope,
      DEBUSINE_WORKSPACE: workspace,
      DEBUSINE_TOKEN: server.token,
    })
    const run = await runAction(inputs, { cwd: dirname(checkout) })
    expect(run.stderr).toBe('')
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(run.stdout.split('\n')[0]).toBe(`::add-mask::${server.token}`)
    const uploaded = Number(run.outputs['uploaded-artifact-ids'])
    const artifact = await client.artifacts.get(uploaded)
    expect(artifact).toMatchObject({ category: 'debian:source-package', workspace })
    expect(Object.keys(artifact.files).sort()).toEqual(['hello-ts_1.0.dsc', 'hello-ts_1.0.tar.xz'])
    const id = Number(run.outputs.id)
    const workflow = await client.workRequests.get(id)
    expect(workflow).toMatchObject({ task_type: 'Workflow', status: 'completed', result: 'success' })
    expect(workflow.workflow_data).toMatchObject({ workflow_template_name: 'ci-checks' })
    expect(run.outputs).toEqual({
      id: String(id),
      status: 'completed',
      result: 'success',
      url: webUrl(id),
      'child-ids': '',
      'artifact-ids': '',
      'uploaded-artifact-ids': String(uploaded),
      'failed-leaves': '',
    })
    expect(run.summary).toContain(`## ✅ Debusine workflow #${id}: completed, success\n`)
    expect(run.summary).toContain(`| Workflow | [#${id} noop](${webUrl(id)}) |`)
    expect(run.summary).toContain(`- Uploaded [#${uploaded} debian:source-package](`)
  })

  it('workflow mode: task data as JSON, a success exits 0 with the outputs and summary', async () => {
    const run = await runAction({ ...common(), template, 'task-data': '{"task_configuration": null}' })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    const id = Number(run.outputs.id)
    expect(await client.workRequests.get(id)).toMatchObject({
      status: 'completed',
      result: 'success',
      task_data: expect.objectContaining({ task_configuration: null }) as unknown,
    })
    expect(run.outputs).toMatchObject({ status: 'completed', result: 'success', url: webUrl(id) })
    expect(run.stdout).not.toContain('::error')
    expect(run.summary).toContain('| Status | completed |\n| Result | success |')
  })

  it('a workflow whose work request fails: exit 1, ::error::, every child in the summary; fail-on error lets it pass, children none lists none', async () => {
    const made = await serverWorkflow(workspace, ['success', 'failure'])
    const run = await runAction({
      ...common(),
      mode: 'wait',
      id: String(made.workflow),
      'poll-interval': '5',
    })
    const truth = await client.workRequests.get(made.workflow)
    expect(truth).toMatchObject({ status: 'completed', result: 'failure' })
    expect(run.code).toBe(1)
    expect(run.stdout).toContain(
      `::error title=Debusine::Work request #${made.workflow} completed, failure: ${webUrl(made.workflow)}`,
    )
    expect(run.outputs).toMatchObject({ id: String(made.workflow), status: 'completed', result: 'failure' })
    expect(run.summary).toContain(`## ❌ Debusine workflow #${made.workflow}: completed, failure\n`)
    expect(run.summary).toContain('which fails the step (`fail-on: any-not-success`)')
    // A 0.11 server's work requests do not name their workflow: the summary says so instead.
    const childIds = serverLacks('workflowChildren') ? '' : made.children.join(',')
    expect(run.outputs['child-ids']).toBe(childIds)
    if (childIds === '') {
      expect(run.summary).toMatch(/whose work requests do not name their workflow \(0\.12\.0 and later do\)/)
    } else {
      const [ok, failed] = await Promise.all(made.children.map((child) => client.workRequests.get(child)))
      expect(run.outputs['artifact-ids']).toBe(
        [...(ok?.artifacts ?? []), ...(failed?.artifacts ?? [])].sort((a, b) => a - b).join(','),
      )
      expect(run.summary).toMatch(
        new RegExp(
          `\\| noop \\| completed \\| success \\| \\d+ s \\| \\[#${ok?.id}\\]\\(${webUrl(ok?.id ?? 0)}\\) \\|`,
        ),
      )
      expect(run.summary).toMatch(
        new RegExp(`\\| noop \\| completed \\| failure \\| \\d+ s \\| \\[#${failed?.id}\\]`),
      )
    }
    const lenient = await runAction({
      ...common(),
      mode: 'wait',
      id: String(made.workflow),
      'fail-on': 'error',
      children: 'none',
    })
    expect(lenient.code).toBe(0)
    expect(lenient.summary).toContain(`## ✅ Debusine workflow #${made.workflow}: completed, failure\n`)
    // children: none leaves the work requests out of the summary, not out of the outputs.
    expect(lenient.summary).not.toContain('### Work requests')
    expect(lenient.outputs['child-ids']).toBe(childIds)
  })

  it('a workflow aborted while waited on (no completion is announced): exit 1, status aborted', async () => {
    const made = await serverWorkflow(workspace, [], { held: true })
    let started: () => void = () => {}
    const waiting = new Promise<void>((resolve) => (started = resolve))
    const running = runAction(
      { ...common(), mode: 'wait', id: String(made.workflow), 'poll-interval': '2' },
      { onStdout: (soFar) => soFar.includes(`Work request #${made.workflow} (running)`) && started() },
    )
    await waiting
    await abortWorkflow(client, made.workflow)
    const run = await running
    expect(run.code).toBe(1)
    expect(await client.workRequests.get(made.workflow)).toMatchObject({ status: 'aborted' })
    expect(run.outputs).toMatchObject({ id: String(made.workflow), status: 'aborted', result: '' })
    expect(run.stdout).toContain(`::error title=Debusine::Work request #${made.workflow} aborted: `)
    expect(run.summary).toContain(`## ❌ Debusine workflow #${made.workflow}: aborted\n`)
  })

  it('a timeout is its own status (3); the summary says it goes on', async () => {
    const made = await serverWorkflow(workspace, [], { held: true })
    const run = await runAction({ ...common(), mode: 'wait', id: String(made.workflow), timeout: '1' })
    await abortWorkflow(client, made.workflow)
    expect(run.code).toBe(3)
    expect(run.outputs).toMatchObject({ id: String(made.workflow), status: 'running', result: '' })
    expect(run.summary).toContain('Timed out after 1 s: the work request goes on on the server.')
    expect(run.stdout).toContain('::error title=Debusine%3A timeout::')
  })

  it('a bad token: exit 4, an ::error:: from the server, a summary, the token masked', async () => {
    const run = await runAction({ ...common(), template, token: 'not-a-valid-token' })
    expect(run.code).toBe(4)
    expect(run.stdout.split('\n')[0]).toBe('::add-mask::not-a-valid-token')
    expect(run.stdout).toMatch(/::error title=Debusine::.*(401|403|token)/i)
    expect(run.summary).toMatch(/^## ❌ Debusine: Failed: /)
    expect(run.outputs).toMatchObject({ id: '', status: '', result: '' })
  })

  it('a wrong input: ::error:: naming it, exit 2, nothing started', async () => {
    const empty = await freshWorkspace('action-input')
    const cases: [Record<string, string>, string][] = [
      [
        { mode: 'build' },
        "::error title=Input 'mode'::Input 'mode': expected one of workflow, import-debian, wait, got 'build'",
      ],
      [{ template: '' }, "::error title=Input 'template'::Input 'template': required with mode 'workflow'"],
      [
        { template, 'task-data': '[1, 2]' },
        "::error title=Input 'task-data'::Input 'task-data': expected a mapping",
      ],
      [{ template, 'fail-on': 'sometimes' }, "::error title=Input 'fail-on'::"],
      [{ template, wait: 'yes please' }, "::error title=Input 'wait'::"],
      [{ mode: 'wait', id: 'latest' }, "::error title=Input 'id'::"],
      [
        { template, 'api-url': 'debusine.example.org/api' },
        "::error title=Input 'api-url'::Input 'api-url': not a URL",
      ],
    ]
    for (const [inputs, error] of cases) {
      const run = await runAction({ ...common(), workspace: empty, template, ...inputs })
      expect(run.code).toBe(2)
      expect(run.stdout).toContain(error)
      expect(run.summary).toBe('')
      expect(run.outputFile).toBe('')
    }
    expect(await client.workRequests.list().toArray({ limit: 50 })).not.toContainEqual(
      expect.objectContaining({ workspace: empty }),
    )
  })
})
