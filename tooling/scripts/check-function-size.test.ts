import { describe, expect, it } from 'vitest'
import { repository, runScript, temporaryTree } from './structure-test-tree.js'

// A body of `count` lines in total, braces included.
const body = (count: number) => `{\n${'  void 0\n'.repeat(count - 2)}}`

describe('the function size check', () => {
  it('passes on the repository as it is', () => {
    const result = runScript('check-function-size.mjs', repository)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('fails on each kind of function over 80 lines and names it with its line', () => {
    const root = temporaryTree({
      'packages/models/src/long.ts': [
        `export function declared() ${body(81)}`,
        `export const arrow = () => ${body(81)}`,
        `export const expression = function () ${body(81)}`,
        `export class Holder {\n  method() ${body(81)}\n}`,
        `export function fits() ${body(80)}`,
      ].join('\n'),
    })
    const result = runScript('check-function-size.mjs', root)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('packages/models/src/long.ts:1: declared is 81 lines')
    expect(result.stderr).toContain('long.ts:82: arrow is 81 lines')
    expect(result.stderr).toContain('long.ts:163: expression is 81 lines')
    expect(result.stderr).toContain('long.ts:245: method is 81 lines')
    expect(result.stderr).not.toContain('fits')
  })

  it('passes on a tree of short functions, and ignores test files', () => {
    const root = temporaryTree({
      'apps/cli/src/short.ts': `export function short() ${body(80)}\n`,
      'apps/cli/src/short.test.ts': `export function inTest() ${body(200)}\n`,
    })
    const result = runScript('check-function-size.mjs', root)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})
