/**
 * workRequests.unblock and workRequests.confirm against the real Debusine 0.16.2 server:
 * a manual review step and a Wait/confirm task of a running workflow.
 */
import { ValidationError } from '@debusine-ts/models'
import { BadRequestError } from '@debusine-ts/transport'
import { beforeAll, describe, expect, it } from 'vitest'
import { rejection } from '../../../tooling/vitest/rejection.js'
import { freshWorkspace, realServer, requires } from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { manualSteps } from './support/manual-steps.js'

let client: DebusineClient

beforeAll(async () => {
  const server = realServer()
  const workspace = await freshWorkspace('manual')
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
})

// The fixture workflow holds a confirmation step (a `Wait/confirm` task), which 0.11.3 lacks.
requires('workRequests.confirm').describe('workRequests.unblock and confirm (real server)', () => {
  it('accepting a manual review lets the step run; confirming the Wait task completes it', async () => {
    const steps = await manualSteps(client.workspace ?? '')
    const accepted = await client.workRequests.unblock(steps.review, { action: 'accept', notes: 'Reviewed' })
    expect(accepted.id).toBe(steps.review)
    expect(accepted.status).not.toBe('blocked')
    await expect(
      client.workRequests.waitForCompletion(steps.review, { pollInterval: 250, maxWait: 60_000 }),
    ).resolves.toMatchObject({ status: 'completed', result: 'success' })
    const again = await rejection(client.workRequests.unblock(steps.review, { action: 'accept' }))
    expect(BadRequestError.isInstance(again)).toBe(true)
    expect(again.message).toContain(`Work request ${steps.review} cannot be unblocked`)

    const confirmed = await client.workRequests.confirm(steps.confirm, { comment: 'Ship it' })
    expect(confirmed).toMatchObject({
      id: steps.confirm,
      task_type: 'Wait',
      status: 'completed',
      result: 'success',
    })
    expect(BadRequestError.isInstance(await rejection(client.workRequests.confirm(steps.confirm)))).toBe(true)
  })

  it('rejecting a review aborts the step; denying the confirmation aborts the workflow', async () => {
    const steps = await manualSteps(client.workspace ?? '')
    const rejected = await client.workRequests.unblock(steps.review, {
      action: 'reject',
      notes: 'Not this one',
    })
    expect(rejected.status).toBe('aborted')
    const denied = await client.workRequests.confirm(steps.confirm, { confirm: false, comment: 'Stop' })
    expect(denied.status).toBe('aborted')
    await expect(client.workRequests.get(steps.workflow)).resolves.toMatchObject({ status: 'aborted' })
  })
})

describe('workRequests.unblock (no server needed)', () => {
  it('refuses a review with neither action nor notes before sending anything', async () => {
    const error = await rejection(client.workRequests.unblock(1, {}))
    expect(ValidationError.isInstance(error)).toBe(true)
    expect(error.message).toMatch(/action/)
  })
})
