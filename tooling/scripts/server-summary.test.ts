import { describe, expect, it } from 'vitest'
import { serverVersion, summarize } from './server-summary.mjs'

describe('server-summary', () => {
  it("counts the real-server files' tests and collects what the server lacks from skipped titles", () => {
    const report = {
      testResults: [
        {
          name: '/repo/packages/client/test/a.test.ts',
          status: 'failed',
          assertionResults: [
            { status: 'passed', title: 'works' },
            {
              status: 'failed',
              title: 'breaks',
              failureMessages: [
                '\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n\n    at a.test.ts:3:1\n    at b.ts:1:1\n    at c.ts:1:1',
              ],
            },
            { status: 'skipped', title: 'aborts [server lacks workRequests.abort]' },
            {
              status: 'pending',
              title: 'lists',
              ancestorTitles: ['collections [server lacks collections.list]'],
            },
          ],
        },
        {
          name: '/repo/packages/client/src/unit.test.ts',
          status: 'passed',
          assertionResults: [{ status: 'passed', title: 'unit' }],
        },
        {
          name: '/repo/tooling/real-server/test/b.test.ts',
          status: 'failed',
          message: 'Error: beforeAll hook timed out',
          assertionResults: [],
        },
      ],
    }
    expect(summarize(report)).toEqual({
      passed: 1,
      failed: 2,
      skipped: 2,
      lacks: ['collections.list', 'workRequests.abort'],
      failures: [
        {
          test: 'packages/client/test/a.test.ts > breaks',
          message: ['AssertionError: expected 1 to be 2', '    at a.test.ts:3:1', '    at b.ts:1:1'],
        },
        {
          test: 'tooling/real-server/test/b.test.ts (outside its tests)',
          message: ['Error: beforeAll hook timed out'],
        },
      ],
    })
    expect(serverVersion('X=1\nDEBUSINE_TS_SERVER_VERSION=0.11.3+deb13u1\n')).toBe('0.11.3+deb13u1')
  })
})
