import { describe, expect, it } from 'vitest'
import { repository, runScript, temporaryTree } from './structure-test-tree.js'

describe('the eager schema check', () => {
  it('passes on the repository as it is', () => {
    const result = runScript('check-eager-schemas.mjs', repository)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('fails on a schema or a shared field built at import, and names its line', () => {
    const root = temporaryTree({
      'packages/models/src/eager.ts': [
        "import * as z from 'zod'",
        'export const NameSchema = z.string()',
        'const shape = {',
        '  id: z.int(),',
        '}',
        'export const Lazy = lazySchema(() => z.object({ name: z.string() }))',
      ].join('\n'),
    })
    const result = runScript('check-eager-schemas.mjs', root)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('packages/models/src/eager.ts:2: a zod schema built at import')
    expect(result.stderr).toContain('eager.ts:4: a zod schema built at import')
    expect(result.stderr).not.toContain('eager.ts:6')
  })

  it('passes on schemas built in functions, and on types', () => {
    const root = temporaryTree({
      'apps/cli/src/lazy.ts': [
        "import * as z from 'zod'",
        'const field = () => z.string().nullable()',
        'export const Schema = lazySchema(() => z.object({ field: field() }))',
        'export type Value = z.infer<typeof Schema>',
        'function build(): z.ZodType { return z.never() }',
      ].join('\n'),
    })
    const result = runScript('check-eager-schemas.mjs', root)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})
