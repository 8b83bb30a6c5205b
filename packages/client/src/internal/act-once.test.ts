import { BadRequestError, ConnectionError } from '@debusine-ts/transport'
import { describe, expect, it } from 'vitest'
import { ActionOutcomeUnknownError } from '../errors/action-outcome.js'
import { actOnce, type ReadBack } from './act-once.js'

const lost = (): ConnectionError =>
  new ConnectionError({
    method: 'POST',
    url: 'http://server/api/1.0/x/',
    reason: 'answer lost',
    delivery: 'unknown',
  })

/** An action whose sends meet `outcomes` in turn (an error is thrown), and whose read-backs answer `states` in turn. */
function scripted(outcomes: (string | Error)[], states: ReadBack<string>[]) {
  const calls = { sends: 0, reads: 0 }
  const spec = {
    what: 'abort of work request 42',
    check: 'the work request',
    send: () => {
      const outcome = outcomes[calls.sends++]
      return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome ?? 'sent')
    },
    readBack: () => Promise.resolve(states[calls.reads++] ?? { state: 'unknown' as const, why: 'no script' }),
  }
  return { spec, calls }
}

describe('actOnce', () => {
  it('returns what the server shows applied after a lost answer, and says so', async () => {
    const { spec, calls } = scripted([lost()], [{ state: 'applied', value: 'aborted' }])
    const notes: string[] = []
    await expect(actOnce(spec, { onRecovered: ({ note }) => notes.push(note) })).resolves.toBe('aborted')
    expect(calls).toEqual({ sends: 1, reads: 1 })
    expect(notes).toEqual([
      'The answer to the abort of work request 42 was lost (answer lost); the server shows it applied.',
    ])
  })

  it('sends again what the server shows not applied', async () => {
    const { spec, calls } = scripted([lost(), 'done'], [{ state: 'not-applied' }])
    await expect(actOnce(spec)).resolves.toBe('done')
    expect(calls).toEqual({ sends: 2, reads: 1 })
  })

  it('reads back a refusal of the resend: applied meanwhile is success', async () => {
    const refused = new BadRequestError({
      method: 'POST',
      url: 'http://server/x/',
      status: 400,
      title: 'Cannot abort',
    })
    const { spec } = scripted(
      [lost(), refused],
      [{ state: 'not-applied' }, { state: 'applied', value: 'aborted' }],
    )
    await expect(actOnce(spec)).resolves.toBe('aborted')
  })

  it('fails with ActionOutcomeUnknownError when the state does not tell, sent once', async () => {
    const { spec, calls } = scripted([lost()], [{ state: 'unknown', why: 'someone else decided' }])
    const error = await actOnce(spec).catch((caught: unknown) => caught)
    expect(ActionOutcomeUnknownError.isInstance(error)).toBe(true)
    expect((error as Error).message).toMatch(
      /abort of work request 42 was lost \(answer lost\).*someone else decided/,
    )
    expect(calls.sends).toBe(1)
  })

  it('passes a definite refusal of the first send through without reading back', async () => {
    const refused = new Error('403')
    const { spec, calls } = scripted([refused], [])
    await expect(actOnce(spec)).rejects.toBe(refused)
    expect(calls.reads).toBe(0)
  })
})
