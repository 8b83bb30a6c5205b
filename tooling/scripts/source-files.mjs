// The source files the structure checks look at: non-test .ts files under packages/*/src
// and apps/*/src, grouped by package.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

function* walk(directory) {
  for (const entry of readdirSync(directory)) {
    const path = join(directory, entry)
    if (statSync(path).isDirectory()) yield* walk(path)
    else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts') && !entry.endsWith('.d.ts')) yield path
  }
}

/** Each package as { name: 'packages/models', files: [absolute paths] }. */
export function sourcePackages(root) {
  const packages = []
  for (const group of ['packages', 'apps']) {
    const groupDirectory = join(root, group)
    if (!existsSync(groupDirectory)) continue
    for (const name of readdirSync(groupDirectory).sort()) {
      const source = join(groupDirectory, name, 'src')
      if (existsSync(source)) packages.push({ name: `${group}/${name}`, files: [...walk(source)].sort() })
    }
  }
  return packages
}
