import { describe, expect, it } from 'vitest'
import { runPipelined, type PipelinedUpload } from './upload-pipeline.js'

/** An upload the test drives by hand: it says when it starts, and the test sends its body and answers it. */
interface Step {
  name: string
  started: boolean
  bodySent: () => void
  answer: () => void
  fail: (error: Error) => void
}

function scripted(names: string[]): { steps: Step[]; uploads: PipelinedUpload[]; log: string[] } {
  const log: string[] = []
  const steps = names.map((name) => ({ name, started: false }) as Step)
  const uploads = steps.map(
    (step): PipelinedUpload =>
      (bodySent) =>
        new Promise<void>((resolve, reject) => {
          step.started = true
          log.push(`start ${step.name}`)
          step.bodySent = bodySent
          step.answer = () => {
            log.push(`end ${step.name}`)
            resolve()
          }
          step.fail = reject
        }),
  )
  return { steps, uploads, log }
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

describe('runPipelined', () => {
  it('starts the next upload once the last one sent its body, and keeps one more waiting for its answer', async () => {
    const { steps, uploads, log } = scripted(['a', 'b', 'c'])
    const [a, b, c] = steps as [Step, Step, Step]
    const done = runPipelined(uploads, { sending: 1, started: 2 })
    expect(log).toEqual(['start a'])
    a.bodySent()
    expect(log).toEqual(['start a', 'start b'])
    // b's body is sent too, but a and b both wait for answers: c waits for a place.
    b.bodySent()
    expect(c.started).toBe(false)
    a.answer()
    await tick()
    expect(log).toEqual(['start a', 'start b', 'end a', 'start c'])
    c.bodySent()
    b.answer()
    c.answer()
    await done
    expect(log).toEqual(['start a', 'start b', 'end a', 'start c', 'end b', 'end c'])
  })

  it('starts the next one when an upload ends without saying its body was sent', async () => {
    const { steps, uploads, log } = scripted(['a', 'b'])
    const done = runPipelined(uploads, { sending: 1, started: 2 })
    steps[0]?.answer()
    await tick()
    expect(log).toEqual(['start a', 'end a', 'start b'])
    steps[1]?.answer()
    await done
  })

  it('sends as many bodies at once as allowed', async () => {
    const { steps, uploads, log } = scripted(['a', 'b', 'c', 'd'])
    const done = runPipelined(uploads, { sending: 2, started: 3 })
    expect(log).toEqual(['start a', 'start b'])
    steps[0]?.bodySent()
    expect(log).toEqual(['start a', 'start b', 'start c'])
    steps[1]?.bodySent()
    expect(steps[3]?.started).toBe(false)
    for (const step of steps.slice(0, 3)) step.answer()
    await tick()
    steps[3]?.answer()
    await done
    expect(log.filter((entry) => entry.startsWith('start'))).toEqual([
      'start a',
      'start b',
      'start c',
      'start d',
    ])
  })

  it('starts nothing after a failure and rejects with it once the started uploads ended', async () => {
    const { steps, uploads } = scripted(['a', 'b', 'c'])
    const [a, b, c] = steps as [Step, Step, Step]
    const done = runPipelined(uploads, { sending: 1, started: 2 })
    let settled = false
    done.catch(() => undefined).finally(() => (settled = true))
    a.bodySent()
    b.fail(new Error('b failed'))
    await tick()
    expect(settled).toBe(false)
    a.answer()
    await expect(done).rejects.toThrow('b failed')
    expect(c.started).toBe(false)
  })

  it('resolves at once when there is nothing to upload', async () => {
    await expect(runPipelined([], { sending: 1, started: 2 })).resolves.toBeUndefined()
  })
})
