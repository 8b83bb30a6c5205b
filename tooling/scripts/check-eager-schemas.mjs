#!/usr/bin/env node
// Fails when a source file builds a zod schema at its top level (a `z.…` call outside any
// function): every program that imports the module pays for it, and a command uses few of
// them. Schemas are built on first use instead: `lazySchema(() => …)` of @debusine-ts/models,
// or a function that a schema's builder calls. Types (`z.infer<…>`) are not calls and pass.
// Usage: node tooling/scripts/check-eager-schemas.mjs [repository root]
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { sourcePackages } from './source-files.mjs'

const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url))

/** The lines of `source` where a `z.…` value is read outside every function. */
function eagerLines(source) {
  const lines = new Set()
  const visit = (node) => {
    if (ts.isFunctionLike(node) || ts.isTypeNode(node)) return
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'z') {
      lines.add(source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1)
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return [...lines]
}

const problems = sourcePackages(root).flatMap(({ files }) =>
  files.flatMap((file) => {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    return eagerLines(source).map((line) => `${relative(root, file)}:${line}: a zod schema built at import`)
  }),
)
for (const problem of problems) console.error(problem)
process.exitCode = problems.length > 0 ? 1 : 0
