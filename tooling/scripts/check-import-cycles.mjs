#!/usr/bin/env node
// Fails when the relative imports among the source files of a package form a circle
// (type-only imports included: a circle of types still ties the files together).
// Circles between packages are the layer check's business (check-layers.mjs).
// Usage: node tooling/scripts/check-import-cycles.mjs [repository root]
import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { sourcePackages } from './source-files.mjs'

const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url))

// Relative specifiers of import/export declarations and dynamic import() calls.
function relativeImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const specifiers = []
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
      specifiers.push(node.moduleSpecifier.text)
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    )
      specifiers.push(node.arguments[0].text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return specifiers.filter((specifier) => specifier.startsWith('.'))
}

function resolveImport(file, specifier) {
  const base = resolve(dirname(file), specifier)
  const candidates = [base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')]
  return candidates.find((candidate) => existsSync(candidate) && candidate.endsWith('.ts'))
}

// Tarjan's strongly connected components: every component of two or more files (or a
// file importing itself) is a circle.
function circles(graph) {
  let index = 0
  const indices = new Map()
  const lowLinks = new Map()
  const stack = []
  const onStack = new Set()
  const components = []
  const connect = (node) => {
    indices.set(node, index)
    lowLinks.set(node, index)
    index += 1
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next)
        lowLinks.set(node, Math.min(lowLinks.get(node), lowLinks.get(next)))
      } else if (onStack.has(next)) lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)))
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const component = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1 || graph.get(node)?.has(node)) components.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!indices.has(node)) connect(node)
  return components
}

// One concrete path around a component, for the message: a → b → a.
function pathAround(graph, component) {
  const members = new Set(component)
  const start = component[0]
  const previous = new Map([[start, null]])
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()
    for (const next of graph.get(node) ?? []) {
      if (!members.has(next)) continue
      if (next === start) {
        const path = [start]
        for (let step = node; step !== start; step = previous.get(step)) path.splice(1, 0, step)
        return [...path, start]
      }
      if (!previous.has(next)) {
        previous.set(next, node)
        queue.push(next)
      }
    }
  }
  return component
}

const violations = []
for (const { name, files } of sourcePackages(root)) {
  const graph = new Map()
  for (const file of files)
    graph.set(file, new Set(relativeImports(file).map((s) => resolveImport(file, s)).filter(Boolean)))
  for (const component of circles(graph)) {
    const path = pathAround(graph, component).map((file) => relative(join(root, name, 'src'), file))
    violations.push(`${name}/src: ${path.join(' → ')}${component.length > path.length - 1 ? ` (${component.length} files in the circle)` : ''}`)
  }
}

if (violations.length > 0) {
  console.error('Import circle check failed (break each circle by moving what both sides need to a third file):')
  for (const violation of violations) console.error(`  ${violation}`)
  process.exit(1)
}
console.log('Import circle check passed.')
