#!/usr/bin/env node
// Checks one extracted package (the `package/` folder of a tarball): the files a user needs
// are there (LICENSE, README.md, dist/, CHANGELOG.md when the package has one), no test or
// fixture is shipped, and every source map points at sources that are in the tarball.
// Usage: check-tarball.mjs EXTRACTED_DIR HAS_CHANGELOG(0|1)
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const [root, hasChangelog] = process.argv.slice(2)
const { name } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const problems = []
const required = ['LICENSE', 'README.md', 'dist', ...(hasChangelog === '1' ? ['CHANGELOG.md'] : [])]
for (const file of required) if (!existsSync(join(root, file))) problems.push(`${file} is missing`)
if (existsSync(join(root, 'LICENSE')) && !readFileSync(join(root, 'LICENSE'), 'utf8').includes('Version 3')) {
  problems.push('LICENSE is not the GPL-3.0 text')
}

const files = readdirSync(root, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => join(entry.parentPath, entry.name))
for (const file of files) {
  const path = relative(root, file)
  if (/\.test\.|(^|\/)(test|fixtures)\//.test(path)) problems.push(`${path} is a test file`)
  if (!path.endsWith('.map')) continue
  const map = JSON.parse(readFileSync(file, 'utf8'))
  map.sources.forEach((source, index) => {
    const inline = map.sourcesContent?.[index] != null
    const target = resolve(dirname(file), map.sourceRoot ?? '', source)
    if (!inline && !existsSync(target)) problems.push(`${path} points at ${source}, which is not shipped`)
  })
}
if (problems.length > 0) {
  console.error(`${name}: ${problems.length} problem(s)\n  ${problems.slice(0, 20).join('\n  ')}`)
  process.exit(1)
}
console.log(`${name}: ${files.length} files, required files present, source maps resolve`)
