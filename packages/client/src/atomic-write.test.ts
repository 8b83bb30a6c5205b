import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { writeFileAtomically } from './atomic-write.js'
import { rejection } from '../../../tooling/vitest/rejection.js'

describe('writeFileAtomically', () => {
  const directory = mkdtempSync(join(tmpdir(), 'atomic-write-'))

  it('replaces a file whole, with the exact mode whatever the umask, creating its directories', async () => {
    const file = join(directory, 'state', 'private.json')
    const previous = process.umask(0o077)
    try {
      await writeFileAtomically(file, '{"a": 1}\n', { mode: 0o640, sync: true })
    } finally {
      process.umask(previous)
    }
    expect(readFileSync(file, 'utf8')).toBe('{"a": 1}\n')
    expect(statSync(file).mode & 0o777).toBe(0o640)
    // Its directory is no more open than the file (the umask may close it further).
    expect(statSync(join(directory, 'state')).mode & 0o027).toBe(0)
    await writeFileAtomically(file, 'second\n')
    expect(readFileSync(file, 'utf8')).toBe('second\n')
    expect(readdirSync(join(directory, 'state'))).toEqual(['private.json'])
  })

  it('leaves the old file and no temporary file when the rename fails', async () => {
    const here = mkdtempSync(join(directory, 'rename-'))
    const target = join(here, 'a-directory')
    writeFileSync(join(here, 'keep.txt'), 'kept\n')
    await writeFileAtomically(join(target, 'inside.txt'), 'x')
    const error = await rejection(writeFileAtomically(target, 'not over a directory'))
    expect((error as NodeJS.ErrnoException).code).toMatch(/EISDIR|ENOTEMPTY|EEXIST/)
    expect(readdirSync(here).sort()).toEqual(['a-directory', 'keep.txt'])
  })
})
