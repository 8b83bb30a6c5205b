import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

// The names each entry exports, values and types alike, are the public API: moving a file
// must not change them. A change on purpose updates ../public-api-names.txt and says so in a changeset.
const entries = { '.': 'index.ts', './browser': 'index.browser.ts' } as const

function exportedNames(entry: string): string[] {
  const file = fileURLToPath(new URL(entry, import.meta.url))
  const program = ts.createProgram([file], {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    noEmit: true,
    skipLibCheck: true,
  })
  const checker = program.getTypeChecker()
  const source = program.getSourceFile(file)
  const symbol = source && checker.getSymbolAtLocation(source)
  if (!symbol) throw new Error(`no module symbol for ${entry}`)
  return checker
    .getExportsOfModule(symbol)
    .map((exported) => exported.name)
    .sort()
}

function committedNames(): Record<string, string[]> {
  const text = readFileSync(fileURLToPath(new URL('../public-api-names.txt', import.meta.url)), 'utf8')
  const byEntry: Record<string, string[]> = {}
  let current: string[] = []
  for (const line of text.split('\n')) {
    if (line.startsWith('# ')) byEntry[line.slice(2)] = current = []
    else if (line.trim() !== '') current.push(line.trim())
  }
  return byEntry
}

describe('public API', () => {
  it('exports from each entry exactly the names in public-api-names.txt', () => {
    const actual = Object.fromEntries(
      Object.entries(entries).map(([entry, file]) => [entry, exportedNames(file)]),
    )
    expect(actual).toEqual(committedNames())
  }, 60_000)
})
