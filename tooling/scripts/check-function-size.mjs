#!/usr/bin/env node
// Fails when a function (declaration, method, accessor, constructor, arrow function or function
// expression) in a source file spans more than 80 lines, counted from its first to its last line.
// A function nested in another counts on its own, and also within the outer one.
// Usage: node tooling/scripts/check-function-size.mjs [repository root]
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { sourcePackages } from './source-files.mjs'

const limit = 80
const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url))

function isFunction(node) {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node)
  )
}

// The name a reader would search for: its own, or that of the variable or property holding it.
function nameOf(node, source) {
  if (ts.isConstructorDeclaration(node)) return 'constructor'
  if (node.name) return node.name.getText(source)
  const parent = node.parent
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && parent.name)
    return parent.name.getText(source)
  return '(anonymous function)'
}

const violations = []
for (const { files } of sourcePackages(root))
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
    const visit = (node) => {
      if (isFunction(node) && node.body) {
        const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line
        const last = source.getLineAndCharacterOfPosition(node.getEnd()).line
        const lines = last - first + 1
        if (lines > limit)
          violations.push(`${relative(root, file)}:${first + 1}: ${nameOf(node, source)} is ${lines} lines`)
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }

if (violations.length > 0) {
  console.error(`Function size check failed (at most ${limit} lines per function; extract steps):`)
  for (const violation of violations) console.error(`  ${violation}`)
  process.exit(1)
}
console.log('Function size check passed.')
