import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, requires } from '../../../tooling/vitest/real-server.js'
import { manualReview, manualSteps } from '../../../packages/client/test/support/manual-steps.js'
import { runCli, writeConfig } from './support/run-cli.js'

// work-request unblock and confirm on the real server: a running workflow with a manual
// review step, and one with a Wait/confirm task too (the client's test fixtures build them).

let config: string
let workspace: string

const cli = (argv: string[]) => runCli(['--config-file', config, ...argv])

beforeAll(async () => {
  workspace = await freshWorkspace('cli-manual')
  config = writeConfig({ workspace })
})

describe('work-request unblock', () => {
  it('accepts a review: the step leaves blocked; a second answer is refused (3)', async () => {
    const steps = await manualReview(workspace)
    const accepted = await cli([
      'work-request',
      'unblock',
      String(steps.review),
      '--accept',
      '--notes',
      'Reviewed',
      '--yaml',
    ])
    expect(accepted.code, accepted.stderr).toBe(0)
    expect(parse(accepted.stdout)).toMatchObject({ id: steps.review })
    expect((parse(accepted.stdout) as { status: string }).status).not.toBe('blocked')
    const again = await cli(['work-request', 'unblock', String(steps.review), '--accept'])
    expect(again.code).toBe(3)
    expect(again.stderr).toContain(`Work request ${steps.review} cannot be unblocked`)
  })

  it('rejects a review: the step is aborted', async () => {
    const steps = await manualReview(workspace)
    const rejected = await cli(['work-request', 'unblock', String(steps.review), '--reject', '--json'])
    expect(rejected.code, rejected.stderr).toBe(0)
    expect(JSON.parse(rejected.stdout)).toMatchObject({ id: steps.review, status: 'aborted' })
  })

  it('refuses --accept with --reject, and no answer at all, before sending anything (2)', async () => {
    expect((await cli(['work-request', 'unblock', '1', '--accept', '--reject'])).code).toBe(2)
    expect((await cli(['work-request', 'unblock', '1'])).code).toBe(2)
  })
})

// The fixture workflow holds a confirmation step (a `Wait/confirm` task), which 0.11.3 lacks.
requires('workRequests.confirm').describe('work-request confirm', () => {
  it('confirms the Wait task after the review; a second answer is refused (3)', async () => {
    const steps = await manualSteps(workspace)
    const accepted = await cli(['work-request', 'unblock', String(steps.review), '--accept', '--yaml'])
    expect(accepted.code, accepted.stderr).toBe(0)
    const confirmed = await cli([
      'work-request',
      'confirm',
      String(steps.confirm),
      '--comment',
      'Ship it',
      '--json',
    ])
    expect(confirmed.code, confirmed.stderr).toBe(0)
    expect(JSON.parse(confirmed.stdout)).toMatchObject({
      id: steps.confirm,
      status: 'completed',
      result: 'success',
    })
    const again = await cli(['work-request', 'confirm', String(steps.confirm)])
    expect(again.code).toBe(3)
  })

  it('denies the confirmation after a rejected review: both aborted', async () => {
    const steps = await manualSteps(workspace)
    const rejected = await cli(['work-request', 'unblock', String(steps.review), '--reject', '--json'])
    expect(JSON.parse(rejected.stdout)).toMatchObject({ status: 'aborted' })
    const denied = await cli(['work-request', 'confirm', String(steps.confirm), '--deny', '--json'])
    expect(denied.code, denied.stderr).toBe(0)
    expect(JSON.parse(denied.stdout)).toMatchObject({ status: 'aborted' })
  })
})
