import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const README = fileURLToPath(new URL('../README.md', import.meta.url))

/** The first TypeScript block after the heading `## Example`. */
function exampleCode(): string {
  const text = readFileSync(README, 'utf8')
  const section = text.slice(text.indexOf('\n## Example\n'))
  const match = /```ts\n([\s\S]*?)```/.exec(section)
  if (match == null) throw new Error('README.md has no ```ts block under "## Example"')
  return match[1]!
}

describe('the README', () => {
  it('runs its in-process example as written', async () => {
    const code = exampleCode()
    expect(code).toContain("from '@debusine-ts/fake-server'")
    const file = fileURLToPath(new URL(`../.readme-example-${process.pid}.ts`, import.meta.url))
    writeFileSync(file, code)
    try {
      await import(file)
    } finally {
      rmSync(file, { force: true })
    }
  })
})
