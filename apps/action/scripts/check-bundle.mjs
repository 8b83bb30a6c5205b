#!/usr/bin/env node
// Rebuilds the action's bundle in a scratch directory and fails when the committed
// dist/index.js differs from it (a source change without `pnpm --filter @debusine-ts/action build`).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')
const scratch = mkdtempSync(join(tmpdir(), 'debusine-ts-action-'))
try {
  const bundler = join(app, '../../tooling/scripts/bundle-file.mjs')
  execFileSync(process.execPath, [bundler, 'src/index.ts', join(scratch, 'index.js')], {
    cwd: app,
    stdio: 'inherit',
  })
  const fresh = readFileSync(join(scratch, 'index.js'), 'utf8')
  const committed = readFileSync(join(app, 'dist/index.js'), 'utf8')
  if (fresh !== committed) {
    console.error('check-bundle: apps/action/dist/index.js differs from a fresh build of the sources.')
    console.error('Run `tooling/run pnpm --filter @debusine-ts/action build` and commit dist/index.js.')
    process.exit(1)
  }
  console.log('check-bundle: apps/action/dist/index.js matches a fresh build.')
} finally {
  rmSync(scratch, { recursive: true, force: true })
}
