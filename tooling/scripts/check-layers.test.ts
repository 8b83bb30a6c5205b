import { spawnSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const script = fileURLToPath(new URL('./check-layers.mjs', import.meta.url))
const repository = fileURLToPath(new URL('../..', import.meta.url))

function runCheck(root: string) {
  return spawnSync(process.execPath, [script, root], { encoding: 'utf8' })
}

// A copy of the repository's package manifests and sources, to break on purpose.
function copyOfRepository(): string {
  const root = mkdtempSync(join(tmpdir(), 'layers-'))
  for (const group of ['packages', 'apps'])
    cpSync(join(repository, group), join(root, group), {
      recursive: true,
      filter: (source) => !/node_modules|dist|docs/.test(source.slice(repository.length)),
    })
  return root
}

describe('the layer check', () => {
  it('passes on the repository as it is', () => {
    const result = runCheck(repository)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })

  it('fails on a deliberate upward import in code and names the file and the rule', () => {
    const root = copyOfRepository()
    writeFileSync(
      join(root, 'packages/models/src/upward.ts'),
      "import { Client } from '@debusine-ts/client'\n",
    )
    const result = runCheck(root)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('packages/models/src/upward.ts imports @debusine-ts/client')
  })

  it('fails on an upward dynamic import and on an upward dependency in package.json', () => {
    const root = copyOfRepository()
    mkdirSync(join(root, 'packages/transport/test'), { recursive: true })
    writeFileSync(join(root, 'packages/transport/test/x.test.ts'), "await import('@debusine-ts/events')\n")
    writeFileSync(
      join(root, 'packages/artifacts/package.json'),
      JSON.stringify({
        name: '@debusine-ts/artifacts',
        dependencies: { '@debusine-ts/transport': 'workspace:^' },
      }),
    )
    const result = runCheck(root)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('packages/transport/test/x.test.ts imports @debusine-ts/events')
    expect(result.stderr).toContain('packages/artifacts/package.json depends on @debusine-ts/transport')
  })

  it('keeps the command-line kit out of the client, by name or by a path into its sources', () => {
    const root = copyOfRepository()
    writeFileSync(
      join(root, 'packages/client/src/kit.ts'),
      "export { runProgram } from '@debusine-ts/cli-kit'\n",
    )
    writeFileSync(
      join(root, 'packages/client/src/kit-sources.ts'),
      "export * from '../../cli-kit/src/index.js'\n",
    )
    const result = runCheck(root)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('packages/client/src/kit.ts imports @debusine-ts/cli-kit')
    expect(result.stderr).toContain(
      'packages/client/src/kit-sources.ts imports ../../cli-kit/src/index.js: outside packages/client',
    )
  })

  it("keeps the client's machinery (internal/) below its resource namespaces (resources/)", () => {
    const root = copyOfRepository()
    writeFileSync(
      join(root, 'packages/client/src/internal/upward.ts'),
      "export { Artifacts } from '../artifacts/artifacts.js'\n",
    )
    const result = runCheck(root)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain(
      'packages/client/src/internal/upward.ts imports ../artifacts/artifacts.js: src/internal sits below src/artifacts',
    )
  })
})
