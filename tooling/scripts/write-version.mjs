#!/usr/bin/env node
// Writes src/version.ts of the package in the current directory from its package.json, so
// the version a build ships is always the one `changeset version` wrote. Run by the
// package's build; rewrites the file only when the version changed.
import { readFileSync, writeFileSync } from 'node:fs'

const { name, version } = JSON.parse(readFileSync('package.json', 'utf8'))
const target = 'src/version.ts'
const text = `// Generated from package.json by tooling/scripts/write-version.mjs at build time: do not edit.

/** The version of ${name}, sent in the \`User-Agent\` header as \`debusine-ts/<version>\`. */
export const VERSION = '${version}'
`
let current = ''
try {
  current = readFileSync(target, 'utf8')
} catch {
  // first build
}
if (current !== text) writeFileSync(target, text)
