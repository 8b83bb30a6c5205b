// A small repository tree in a temporary directory, for the structure checks' tests.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const repository = fileURLToPath(new URL('../..', import.meta.url))

/** Writes `files` (path relative to the tree → content) into a fresh temporary tree. */
export function temporaryTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'structure-'))
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), content)
  }
  return root
}

/** Runs tooling/scripts/<script> on `root`. */
export function runScript(script: string, root: string) {
  const path = fileURLToPath(new URL(`./${script}`, import.meta.url))
  return spawnSync(process.execPath, [path, root], { encoding: 'utf8' })
}
