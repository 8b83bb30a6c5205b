#!/usr/bin/env node
// Fails when a source file (non-test .ts under packages/*/src, apps/*/src) is over 400 lines:
// past that a file holds more than one concept; split it. On success it reports each package's
// and app's source lines, so that a size goal is read where it is counted.
// Usage: node tooling/scripts/check-file-size.mjs [repository root]
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sourcePackages } from './source-files.mjs'

const limit = 400
const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url))

const violations = []
const sizes = []
for (const { name, files } of sourcePackages(root)) {
  let total = 0
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length
    total += lines
    if (lines > limit) violations.push(`${relative(root, file)}: ${lines} lines`)
  }
  sizes.push({ name, files: files.length, lines: total })
}

if (violations.length > 0) {
  console.error(`File size check failed (at most ${limit} lines per source file; split by concept):`)
  for (const violation of violations) console.error(`  ${violation}`)
  process.exit(1)
}
console.log('File size check passed. Source lines (tests excluded):')
for (const { name, files, lines } of sizes)
  console.log(`  ${name.padEnd(24)} ${String(lines).padStart(6)} lines in ${files} files`)
console.log(
  `  ${'total'.padEnd(24)} ${String(sizes.reduce((sum, size) => sum + size.lines, 0)).padStart(6)} lines`,
)
