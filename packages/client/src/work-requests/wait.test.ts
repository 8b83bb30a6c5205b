import { NotFoundError } from '@debusine-ts/transport'
import { SdkError, type WorkRequest } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { waitUntilFinished } from './wait.js'

const running = { id: 7, status: 'running', result: '' } as WorkRequest
const done = { id: 7, status: 'completed', result: 'success' } as WorkRequest
const outage = (): SdkError =>
  new SdkError('Cannot reach the server', 'connection_failed', { isRetryable: true })

/** A `read` that answers each call with the next of `answers` (an error is thrown); the calls made. */
function reads(...answers: (WorkRequest | Error)[]): {
  read: () => Promise<WorkRequest>
  calls: () => number
} {
  let calls = 0
  return {
    read: () => {
      const answer = answers[Math.min(calls, answers.length - 1)]!
      calls += 1
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
    },
    calls: () => calls,
  }
}

describe('waitUntilFinished', () => {
  it('waits through an outage of the server once the work request was read', async () => {
    const { read, calls } = reads(running, outage(), outage(), done)
    await expect(waitUntilFinished(read, 'u', { pollInterval: 1 }, 1)).resolves.toBe(done)
    expect(calls()).toBe(4)
  })

  it('ends at a first read that fails, so a wrong URL or a server that is down says so', async () => {
    const { read, calls } = reads(outage(), done)
    await expect(waitUntilFinished(read, 'u', { pollInterval: 1 }, 1)).rejects.toThrow('Cannot reach')
    expect(calls()).toBe(1)
  })

  it('ends at an error that is not an outage', async () => {
    const gone = new NotFoundError({ method: 'GET', url: 'u', status: 404, title: 'Not Found' })
    const { read } = reads(running, gone, done)
    await expect(waitUntilFinished(read, 'u', { pollInterval: 1 }, 1)).rejects.toBe(gone)
  })

  it('ends with the outage once maxWait has passed', async () => {
    const { read } = reads(running, outage())
    await expect(waitUntilFinished(read, 'u', { pollInterval: 1, maxWait: 20 }, 1)).rejects.toThrow(
      'Cannot reach',
    )
  })
})
