import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { checkSnippets, docSnippets, exampleTags, readmeBlocks } from './doc-snippets.js'

const root = fileURLToPath(new URL('../..', import.meta.url))

describe('the code the documentation shows', () => {
  it('reads ```ts blocks with their first line, and only those', () => {
    const text = '# T\n\n```sh\nls\n```\n\n```ts\nconst a = 1\nconst b = 2\n```\n'
    expect(readmeBlocks('/r/README.md', text)).toEqual([
      { file: '/r/README.md', line: 8, kind: 'readme', code: 'const a = 1\nconst b = 2' },
    ])
  })

  it('reads each @example up to the next tag, without the comment stars or a fence', () => {
    const text = [
      'const x = 1',
      '/**',
      ' * Does a thing.',
      ' *',
      ' * @example',
      ' * ```ts',
      ' * thing(1)',
      ' * ```',
      ' * @throws {Error} never',
      ' */',
      '/** @example other() */',
    ].join('\n')
    expect(exampleTags('/r/a.ts', text).map(({ line, code }) => ({ line, code }))).toEqual([
      { line: 6, code: 'thing(1)' },
    ])
  })

  it('type-checks every README ```ts block and every @example of the sources', () => {
    const snippets = docSnippets(root)
    expect(snippets.filter((snippet) => snippet.kind === 'readme').length).toBeGreaterThan(10)
    expect(snippets.filter((snippet) => snippet.kind === 'example').length).toBeGreaterThan(200)
    // With one wrong snippet among them (one program checks all: it takes a minute), which
    // is the only one reported, by its file, line and error.
    const file = `${root}packages/models/src/work-request-finished.ts`
    const wrong = {
      file,
      line: 10,
      kind: 'example' as const,
      code: 'isWorkRequestFinished(request)\nisWorkRequestFinished()',
    }
    const failures = checkSnippets(root, [...snippets, wrong])
    expect(failures.map((failure) => failure.where)).toEqual([
      'packages/models/src/work-request-finished.ts:10',
    ])
    expect(failures[0]?.messages.join('\n')).toMatch(/^line 11: TS2554 Expected 1 arguments, but got 0/)
  }, 300_000)
})
