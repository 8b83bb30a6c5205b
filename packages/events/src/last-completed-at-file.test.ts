import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  formatLastCompletedAt,
  LastCompletedAtFileError,
  prepareLastCompletedAt,
  readLastCompletedAt,
  writeLastCompletedAt,
} from './last-completed-at-file.js'

async function directory(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'last-completed-at-'))
}

describe('last-completed-at file', () => {
  it('has the Python client format: 2-space JSON, final newline, +00:00', () => {
    expect(formatLastCompletedAt('2026-10-28T13:17:55.123456Z')).toBe(
      '{\n  "last_completed_at": "2026-10-28T13:17:55.123456+00:00"\n}\n',
    )
    expect(formatLastCompletedAt(null)).toBe('{\n  "last_completed_at": null\n}\n')
  })

  it('is written through a temporary file renamed over it, leaving no temporary file', async () => {
    const dir = await directory()
    const file = join(dir, 'state.json')
    await writeLastCompletedAt(file, '2026-10-28T13:17:55Z')
    const before = await stat(file)
    await writeLastCompletedAt(file, '2026-10-28T13:17:56.5Z')
    const after = await stat(file)
    expect(after.ino).not.toBe(before.ino)
    expect(await readFile(file, 'utf8')).toBe(
      '{\n  "last_completed_at": "2026-10-28T13:17:56.500000+00:00"\n}\n',
    )
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('keeps the old content and cleans up when the rename fails', async () => {
    const dir = await directory()
    const file = join(dir, 'state.json')
    await mkdir(file)
    await expect(writeLastCompletedAt(file, '2026-10-28T13:17:55Z')).rejects.toThrow(LastCompletedAtFileError)
    expect(await readdir(dir)).toEqual(['state.json'])
  })

  it('reads the value verbatim; a missing file or null gives undefined; garbage is an error', async () => {
    const dir = await directory()
    const file = join(dir, 'state.json')
    expect(await readLastCompletedAt(file)).toBeUndefined()
    await writeFile(file, '{"last_completed_at": "2026-10-28T13:17:55.123456+00:00"}')
    expect(await readLastCompletedAt(file)).toBe('2026-10-28T13:17:55.123456+00:00')
    await writeFile(file, '{"last_completed_at": null}')
    expect(await readLastCompletedAt(file)).toBeUndefined()
    await writeFile(file, 'nope')
    await expect(readLastCompletedAt(file)).rejects.toThrow(/is not JSON/)
    await writeFile(file, '{"last_completed_at": 3}')
    await expect(readLastCompletedAt(file)).rejects.toThrow(LastCompletedAtFileError)
  })

  it('prepare creates a missing file holding null, and refuses a missing directory', async () => {
    const dir = await directory()
    const file = join(dir, 'state.json')
    expect(await prepareLastCompletedAt(file)).toBeUndefined()
    expect(await readFile(file, 'utf8')).toBe('{\n  "last_completed_at": null\n}\n')
    await expect(prepareLastCompletedAt(join(dir, 'missing', 'state.json'))).rejects.toThrow(
      /directory is not writable/,
    )
  })
})
