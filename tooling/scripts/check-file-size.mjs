#!/usr/bin/env node
// Fails when a source file (non-test .ts under packages/*/src, apps/*/src) is over 400 lines:
// past that a file holds more than one concept; split it.
// Usage: node tooling/scripts/check-file-size.mjs [repository root]
import { readFileSync } from 'node:fs'
import { relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sourcePackages } from './source-files.mjs'

const limit = 400
const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url))

const violations = []
for (const { files } of sourcePackages(root))
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length
    if (lines > limit) violations.push(`${relative(root, file)}: ${lines} lines`)
  }

if (violations.length > 0) {
  console.error(`File size check failed (at most ${limit} lines per source file; split by concept):`)
  for (const violation of violations) console.error(`  ${violation}`)
  process.exit(1)
}
console.log('File size check passed.')
