import { describe, expect, it } from 'vitest'
import { repository, runScript, temporaryTree } from './structure-test-tree.js'

const lines = (count: number) => 'export const x = 1\n'.repeat(count)

describe('the file size check', () => {
  it('passes on the repository as it is', () => {
    const result = runScript('check-file-size.mjs', repository)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it("reports each package's source lines, tests excluded", () => {
    const root = temporaryTree({
      'packages/models/src/a.ts': lines(10),
      'packages/models/src/b.ts': lines(5),
      'packages/models/src/a.test.ts': lines(50),
      'apps/cli/src/bin.ts': lines(7),
    })
    const result = runScript('check-file-size.mjs', root)
    expect(result.status).toBe(0)
    expect(result.stdout).toMatch(/packages\/models +15 lines in 2 files/)
    expect(result.stdout).toMatch(/apps\/cli +7 lines in 1 files/)
    expect(result.stdout).toMatch(/total +22 lines/)
  })

  it('fails on a source file of 401 lines and names it, but not on a test file or a file of 400', () => {
    const root = temporaryTree({
      'packages/models/src/big.ts': lines(401),
      'packages/models/src/limit.ts': lines(400),
      'packages/models/src/big.test.ts': lines(900),
      'apps/cli/src/handlers/huge.ts': lines(500),
    })
    const result = runScript('check-file-size.mjs', root)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('packages/models/src/big.ts: 401 lines')
    expect(result.stderr).toContain('apps/cli/src/handlers/huge.ts: 500 lines')
    expect(result.stderr).not.toContain('limit.ts')
    expect(result.stderr).not.toContain('big.test.ts')
  })
})
