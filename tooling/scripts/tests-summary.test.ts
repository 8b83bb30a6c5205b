import { describe, expect, it } from 'vitest'
import { totals } from './tests-summary.mjs'

describe('tests-summary', () => {
  it('adds the reports up, counts an empty one as a failure, and names the failures outside real-server files', () => {
    const report = {
      numPassedTests: 3,
      numFailedTests: 2,
      numPendingTests: 1,
      numTodoTests: 0,
      testResults: [
        {
          name: '/repo/packages/transport/src/retries.test.ts',
          assertionResults: [
            { status: 'passed', title: 'works' },
            {
              status: 'failed',
              title: 'retries',
              ancestorTitles: ['transport'],
              failureMessages: ['AssertionError: expected 2 to be 3\n    at retries.test.ts:9:1'],
            },
          ],
        },
        {
          name: '/repo/packages/client/test/relations.test.ts',
          assertionResults: [{ status: 'failed', title: 'named by server-summary.mjs' }],
        },
      ],
    }
    expect(totals([report, undefined])).toEqual({
      passed: 3,
      failed: 3,
      skipped: 1,
      failures: [
        {
          test: 'packages/transport/src/retries.test.ts > transport > retries',
          message: ['AssertionError: expected 2 to be 3', '    at retries.test.ts:9:1'],
        },
      ],
    })
  })
})
