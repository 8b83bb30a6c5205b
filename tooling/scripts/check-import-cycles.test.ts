import { describe, expect, it } from 'vitest'
import { repository, runScript, temporaryTree } from './structure-test-tree.js'

describe('the import circle check', () => {
  it('passes on the repository as it is', () => {
    const result = runScript('check-import-cycles.mjs', repository)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('fails on a circle of relative imports, type-only and re-exports included, and shows the path', () => {
    const root = temporaryTree({
      'packages/client/src/a.ts': "import { b } from './nested/b.js'\nexport const a = b\n",
      'packages/client/src/nested/b.ts': "export { c as b } from '../c.js'\n",
      'packages/client/src/c.ts': "import type { A } from './a.js'\nexport const c = 1 as unknown as A\n",
      'packages/client/src/free.ts': "import { a } from './a.js'\nexport const free = a\n",
      'apps/cli/src/x.ts': "export async function x() { return import('./y.js') }\n",
      'apps/cli/src/y.ts': "import { x } from './x.js'\nexport const y = x\n",
    })
    const result = runScript('check-import-cycles.mjs', root)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('packages/client/src: a.ts → nested/b.ts → c.ts → a.ts')
    expect(result.stderr).toContain('apps/cli/src: x.ts → y.ts → x.ts')
    expect(result.stderr).not.toContain('free.ts')
  })

  it('passes on imports that form no circle, within and across directories', () => {
    const root = temporaryTree({
      'packages/models/src/index.ts': "export * from './a.js'\nexport * from './lib/index.js'\n",
      'packages/models/src/a.ts': "import { b } from './lib/index.js'\nexport const a = b\n",
      'packages/models/src/lib/index.ts': "export const b = 1\n",
    })
    const result = runScript('check-import-cycles.mjs', root)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})
