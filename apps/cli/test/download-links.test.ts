import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'yaml'
import { beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, uniqueName } from '../../../tooling/vitest/real-server.js'
import { runCli, writeConfig } from './support/run-cli.js'

// `artifact download` into a target where a symbolic link below it aims elsewhere: the real
// server serves a file `sub/evil.txt`, alone (fetched per file) or with another (fetched as
// one .tar.gz), and nothing may land where the link points.
let config: string

beforeAll(async () => {
  config = writeConfig({ workspace: await freshWorkspace('links') })
})

const cli = (argv: string[], cwd?: string) => runCli(['--config-file', config, ...argv], { cwd })

/** Upload an artifact holding `files` (path → text) and return its id. */
async function uploaded(files: Record<string, string>): Promise<number> {
  const source = mkdtempSync(join(tmpdir(), 'debusine-ts-links-src-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(source, path, '..'), { recursive: true })
    writeFileSync(join(source, path), text)
  }
  const created = await cli(
    [
      'artifact',
      'create',
      'debusine:test',
      '--upload',
      ...Object.keys(files),
      '--upload-base-directory',
      source,
    ],
    source,
  )
  expect(created.code, created.stderr).toBe(0)
  return (parse(created.stdout) as { artifact_id: number }).artifact_id
}

/** Every file under `directory`, links not followed. */
const filesUnder = (directory: string): string[] =>
  readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name))

describe.each([
  ['per file', { 'sub/evil.txt': `${uniqueName('evil')}\n` }],
  ['as an archive', { 'sub/evil.txt': `${uniqueName('evil')}\n`, 'other.txt': 'other\n' }],
])('artifact download %s', (_way, files) => {
  it('refuses a symbolic link below the target: exit non-zero, the link named, nothing outside', async () => {
    const id = await uploaded(files)
    const root = mkdtempSync(join(tmpdir(), 'debusine-ts-links-'))
    const dest = join(root, 'dest')
    const elsewhere = join(root, 'elsewhere')
    mkdirSync(dest)
    mkdirSync(elsewhere)
    symlinkSync(elsewhere, join(dest, 'sub'))

    const refused = await cli(['artifact', 'download', String(id), '--target-directory', dest])
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain(`"${join(dest, 'sub')}" is a symbolic link (to "${elsewhere}")`)
    const outside = filesUnder(elsewhere)
    process.stderr.write(`artifact download ${_way}: files outside the target: ${outside.length}\n`)
    expect(outside).toEqual([])
    expect(readdirSync(dest)).toEqual(['sub'])

    // The same download with the link gone: the server's file lands below the target.
    unlinkSync(join(dest, 'sub'))
    const downloaded = await cli(['artifact', 'download', String(id), '--target-directory', dest])
    expect(downloaded.code, downloaded.stderr).toBe(0)
    expect(readFileSync(join(dest, 'sub/evil.txt'), 'utf8')).toBe(files['sub/evil.txt'])
    expect(filesUnder(elsewhere)).toEqual([])
  })
})
