#!/usr/bin/env node
// Fails when a package imports (in code or in package.json) a package of a higher layer.
// Usage: node tooling/scripts/check-layers.mjs [repository root]
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { allowedImports, folderLayers } from './layers.mjs'

const scope = '@debusine-ts/'
const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url))

function* sourceFiles(directory) {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry)
    if (statSync(path).isDirectory()) yield* sourceFiles(path)
    else if (/\.(ts|mts|js|mjs)$/.test(entry)) yield path
  }
}

// import … from '…', export … from '…', import('…'), require('…'): any mention counts,
// so an upward import cannot hide in a dynamic import.
const specifier = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"](@debusine-ts\/[a-z-]+)/g
// A relative path out of the package would pass the rule by the back door (the client
// re-exporting the command-line kit's sources): shipped code stays inside its package.
const relativeSpecifier = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"](\.\.?\/[^'"]*)/g

const violations = []
for (const group of ['packages', 'apps']) {
  const groupDirectory = join(root, group)
  if (!existsSync(groupDirectory)) continue
  for (const name of readdirSync(groupDirectory)) {
    const allowed = allowedImports[name]
    const packageDirectory = join(groupDirectory, name)
    if (!allowed) {
      violations.push(`${group}/${name}: not a known layer; add it to tooling/scripts/layers.mjs`)
      continue
    }
    const manifest = JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8'))
    const declared = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })
    for (const dependency of declared.filter((d) => d.startsWith(scope))) {
      const target = dependency.slice(scope.length)
      if (!allowed.includes(target))
        violations.push(
          `${group}/${name}/package.json depends on ${dependency}: ${name} may use only [${allowed.join(', ')}]`,
        )
    }
    for (const sub of ['src', 'test']) {
      const directory = join(packageDirectory, sub)
      if (!existsSync(directory)) continue
      for (const file of sourceFiles(directory)) {
        const text = readFileSync(file, 'utf8')
        const shipped = sub === 'src' && !/\.test\.[a-z]+$/.test(file)
        for (const match of shipped ? text.matchAll(relativeSpecifier) : []) {
          if (!resolve(dirname(file), match[1]).startsWith(packageDirectory + sep))
            violations.push(`${relative(root, file)} imports ${match[1]}: outside ${group}/${name}`)
        }
        for (const [lower, higher] of folderLayers[name] ?? []) {
          if (!file.startsWith(join(packageDirectory, lower) + sep)) continue
          for (const match of text.matchAll(relativeSpecifier)) {
            if (resolve(dirname(file), match[1]).startsWith(join(packageDirectory, higher) + sep))
              violations.push(`${relative(root, file)} imports ${match[1]}: ${lower} sits below ${higher}`)
          }
        }
        for (const match of text.matchAll(specifier)) {
          const target = match[1].slice(scope.length)
          if (target !== name && !allowed.includes(target))
            violations.push(
              `${relative(root, file)} imports ${match[1]}: ${name} may use only [${allowed.join(', ')}]`,
            )
        }
      }
    }
  }
}

if (violations.length > 0) {
  console.error(
    `Layer check failed (models → artifacts → transport → client → events, enroll, cli-kit → apps):`,
  )
  for (const violation of violations) console.error(`  ${violation}`)
  process.exit(1)
}
console.log('Layer check passed.')
