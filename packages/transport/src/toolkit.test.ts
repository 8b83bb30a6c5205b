import { describe, expect, it } from 'vitest'
import { backoffDelay } from './backoff.js'
import { redactingLogger, type Logger } from './logger.js'
import { pickRequestOptions } from './request-options.js'
import { pause, sleep } from './sleep.js'

describe('sleep and pause', () => {
  it('sleep rejects with the reason as soon as the signal aborts, pause resolves', async () => {
    const controller = new AbortController()
    const reason = new Error('stop')
    const sleeping = sleep(60_000, controller.signal)
    const pausing = pause(60_000, controller.signal)
    controller.abort(reason)
    await expect(sleeping).rejects.toBe(reason)
    await expect(pausing).resolves.toBeUndefined()
    await expect(sleep(0)).resolves.toBeUndefined()
    await expect(sleep(10, controller.signal)).rejects.toBe(reason)
  })
})

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the maximum, with jitter between half and all of it', () => {
    const delays = { initialMs: 500, maxMs: 4_000 }
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, delays, () => 0.999999))).toEqual([
      500, 1000, 2000, 4000, 4000,
    ])
    expect([1, 2, 3, 4, 5].map((attempt) => backoffDelay(attempt, delays, () => 0))).toEqual([
      250, 500, 1000, 2000, 2000,
    ])
  })
})

describe('redactingLogger', () => {
  it('removes every secret from messages and fields, errors included', () => {
    const lines: unknown[] = []
    const sink: Logger = {
      debug: (...args) => lines.push(args),
      info: (...args) => lines.push(args),
      warn: (...args) => lines.push(args),
      error: (...args) => lines.push(args),
    }
    const logger = redactingLogger(sink, ['s3cr3t-pass', undefined, 'hunter2-pass'])
    logger.warn('token s3cr3t-pass refused', {
      error: new Error('hunter2-pass leaked'),
      nested: { list: ['a s3cr3t-pass'] },
    })
    logger.info('plain')
    expect(JSON.stringify(lines)).not.toMatch(/s3cr3t-pass|hunter2-pass/)
    expect(lines).toEqual([
      ['token [REDACTED] refused', { error: '[REDACTED] leaked', nested: { list: ['a [REDACTED]'] } }],
      ['plain', undefined],
    ])
  })
})

describe('pickRequestOptions', () => {
  it('keeps only the request options that are set', () => {
    const signal = new AbortController().signal
    expect(pickRequestOptions({ signal, timeout: 5, workspace: 'x', onProgress: () => {} } as never)).toEqual(
      {
        signal,
        timeout: 5,
      },
    )
    expect(pickRequestOptions(undefined)).toEqual({})
  })
})
