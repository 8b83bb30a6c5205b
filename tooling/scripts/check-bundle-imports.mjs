#!/usr/bin/env node
// Fails when a bundle's file imports a name from a lazily loaded chunk that the chunk does not
// export (esbuild's code splitting once turned `const { parse } = await import('yaml')` into a
// chunk exporting only `default`). It imports every chunk loaded with `import("./…")` and
// compares its real exports with the names each importer takes from it. A form of dynamic
// import it does not recognise fails too, so no import goes unchecked.
// Usage: node tooling/scripts/check-bundle-imports.mjs DIST_DIRECTORY
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const chunk = String.raw`import\("(\.\/[^"]+\.js)"\)`
/** The names of a namespace handed on whole: unknown here. */
const NAMESPACE = null

/** Names bound by a destructuring pattern such as `{ parse, stringify: write }`. */
function patternNames(pattern) {
  return pattern
    .replace(/^\{|\}$/g, '')
    .split(',')
    .map((part) => part.split(':')[0].trim())
    .filter((name) => name !== '')
}

// Each form esbuild writes a dynamic import in, with a function giving [chunk, names] pairs.
const forms = [
  // const { a, b: c } = await import("./x.js")
  [new RegExp(String.raw`const (\{[^}]*\}) = await ${chunk}`, 'g'), (m) => [[m[2], patternNames(m[1])]]],
  // (await import("./x.js")).name
  [new RegExp(String.raw`\(await ${chunk}\)\.([\w$]+)`, 'g'), (m) => [[m[1], [m[2]]]]],
  // import("./x.js").then(({ a, b }) =>
  [new RegExp(String.raw`${chunk}\.then\(\((\{[^}]*\})\) =>`, 'g'), (m) => [[m[1], patternNames(m[2])]]],
  // import("./x.js").then((namespace) => use(namespace)): the whole namespace is handed on,
  // so which names are taken is not written here; the chunk must at least have named exports
  // (a CommonJS package that lost them exports only `default`).
  [new RegExp(String.raw`${chunk}\.then\(\(([\w$]+)\) =>`, 'g'), (m) => [[m[1], NAMESPACE]]],
  // async () => import("./x.js"): the loader of a module whose exports are handed on whole
  // (`defineCommands`, whose types match each command with the export of its name).
  [new RegExp(String.raw`async \(\) => ${chunk}`, 'g'), (m) => [[m[1], NAMESPACE]]],
  // const [{ a }, { b }] = await Promise.all([import("./x.js"), import("./y.js")])
  [
    new RegExp(
      String.raw`const \[((?:\{[^}]*\},?\s*)+)\] = await Promise\.all\(\[((?:\s*${chunk},?)+)\s*\]\)`,
      'g',
    ),
    (m) => {
      const patterns = [...m[1].matchAll(/\{[^}]*\}/g)].map(([pattern]) => patternNames(pattern))
      const chunks = [...m[2].matchAll(new RegExp(chunk, 'g'))].map((found) => found[1])
      return chunks.map((path, index) => [path, patterns[index] ?? []])
    },
  ],
]

/** Every dynamic import of a bundle file: `{ chunk, names }`, and the imports of no known form. */
export function dynamicImports(code) {
  const found = []
  const recognised = new Set()
  for (const [pattern, pairs] of forms) {
    for (const match of code.matchAll(pattern)) {
      for (const [path, names] of pairs(match))
        found.push(names === NAMESPACE ? { chunk: path, names: [], namespace: true } : { chunk: path, names })
      for (const inner of match[0].matchAll(new RegExp(chunk, 'g'))) recognised.add(match.index + inner.index)
    }
  }
  const unknown = [...code.matchAll(new RegExp(chunk, 'g'))]
    .filter((match) => !recognised.has(match.index))
    .map((match) => match[0])
  return { found, unknown }
}

/** The problems of a bundle directory, one line each (none: the bundle is sound). */
export async function bundleImportProblems(directory) {
  const problems = []
  const exportsOf = new Map()
  for (const file of readdirSync(directory).filter((name) => name.endsWith('.js'))) {
    const { found, unknown } = dynamicImports(readFileSync(join(directory, file), 'utf8'))
    for (const form of unknown) problems.push(`${file}: ${form} in a form this check does not know; teach it`)
    for (const { chunk: path, names, namespace } of found) {
      if (!exportsOf.has(path)) {
        const module = await import(pathToFileURL(resolve(directory, path)).href)
        exportsOf.set(path, new Set(Object.keys(module)))
      }
      if (namespace === true && [...exportsOf.get(path)].every((name) => name === 'default'))
        problems.push(`${file}: hands on the namespace of ${path}, which has no named export`)
      const missing = names.filter((name) => !exportsOf.get(path).has(name))
      if (missing.length > 0)
        problems.push(`${file}: imports ${missing.join(', ')} from ${path}, which does not export it`)
    }
  }
  return problems
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const directory = process.argv[2]
  if (!directory) {
    console.error('usage: check-bundle-imports.mjs DIST_DIRECTORY')
    process.exit(2)
  }
  const problems = await bundleImportProblems(directory)
  for (const problem of problems) console.error(`check-bundle-imports: ${problem}`)
  if (problems.length > 0) process.exit(1)
}
