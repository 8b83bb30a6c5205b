import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace } from '../../../tooling/vitest/real-server.js'
import { manualSteps } from '../../../packages/client/test/support/manual-steps.js'
import { runCli, writeConfig } from './support/run-cli.js'

// work-request unblock and confirm on the real server: a running workflow with a manual
// review step and a Wait/confirm task (the client's test fixture builds it).

let config: string
let workspace: string

const cli = (argv: string[]) => runCli(['--config-file', config, ...argv])

beforeAll(async () => {
  workspace = await freshWorkspace('cli-manual')
  config = writeConfig({ workspace })
})

describe('work-request unblock and confirm', () => {
  it('accepts a review and confirms the Wait task; a second answer is refused (3)', async () => {
    const steps = await manualSteps(workspace)
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

  it('rejects a review and denies the confirmation: both aborted', async () => {
    const steps = await manualSteps(workspace)
    const rejected = await cli(['work-request', 'unblock', String(steps.review), '--reject', '--json'])
    expect(rejected.code, rejected.stderr).toBe(0)
    expect(JSON.parse(rejected.stdout)).toMatchObject({ status: 'aborted' })
    const denied = await cli(['work-request', 'confirm', String(steps.confirm), '--deny', '--json'])
    expect(JSON.parse(denied.stdout)).toMatchObject({ status: 'aborted' })
  })

  it('refuses --accept with --reject, and no answer at all, before sending anything (2)', async () => {
    expect((await cli(['work-request', 'unblock', '1', '--accept', '--reject'])).code).toBe(2)
    expect((await cli(['work-request', 'unblock', '1'])).code).toBe(2)
  })
})
