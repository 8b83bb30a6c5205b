import { WorkRequestResult, WorkRequestStatus } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { exitCodes, workRequestExitCode } from './exit-codes.js'

describe('workRequestExitCode', () => {
  it('maps each result of a completed work request, and an abort, to its exit code', () => {
    const completed = (result: WorkRequestResult) =>
      workRequestExitCode({ status: WorkRequestStatus.COMPLETED, result })
    expect(completed(WorkRequestResult.SUCCESS)).toBe(exitCodes.success)
    expect(completed(WorkRequestResult.SKIPPED)).toBe(exitCodes.success)
    expect(completed(WorkRequestResult.FAILURE)).toBe(exitCodes.failure)
    expect(completed(WorkRequestResult.TEMPORARY_FAILURE)).toBe(exitCodes.failure)
    expect(completed(WorkRequestResult.ERROR)).toBe(exitCodes.error)
    expect(workRequestExitCode({ status: WorkRequestStatus.ABORTED, result: WorkRequestResult.NONE })).toBe(
      exitCodes.aborted,
    )
  })
})
