import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FakeState } from './fake-state.js'
import { loadState, saveState } from './state-file.js'

const MiB = 1024 * 1024

function freshState(): FakeState {
  return new FakeState({
    scope: 'debusine',
    workspaces: ['System'],
    publicWorkspaces: [],
    user: { id: 1, username: 'testuser', token: 't' },
  })
}

/** Add an artifact of one file holding `bytes` (declared with `sha256`). */
function addArtifact(state: FakeState, name: string, bytes: Buffer, sha256: string): number {
  const id = state.nextArtifactId++
  const file = { size: bytes.length, sha256, contentType: 'application/octet-stream', bytes, complete: true }
  state.artifacts.set(id, {
    id,
    workspace: 'System',
    category: 'debusine:test',
    data: {},
    createdAt: '1970-01-01T00:00:00.000Z',
    expireAt: null,
    files: new Map([[name, file]]),
  })
  return id
}

function stateFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'fake-state-')), 'state.json')
}

describe('the state file', () => {
  it('keeps a gigabyte of content across a save and a load, the JSON holding none of it', () => {
    // One 256 MiB block, four times under four declared hashes: 1 GiB of files, whose base64
    // (1.4 G characters) is beyond the longest string V8 can make.
    const block = Buffer.alloc(256 * MiB)
    for (let offset = 0; offset < block.length; offset += 4096) block.writeUInt32BE(offset, offset)
    const state = freshState()
    const ids = [0, 1, 2, 3].map((index) =>
      addArtifact(state, `part-${index}.bin`, block, `${index}`.repeat(64)),
    )
    const path = stateFile()
    saveState(state, path)
    expect(statSync(path).size).toBeLessThan(64 * 1024)

    const loaded = freshState()
    loadState(loaded, path)
    for (const [index, id] of ids.entries()) {
      const bytes = loaded.artifacts.get(id)?.files.get(`part-${index}.bin`)?.bytes
      expect(bytes?.length).toBe(256 * MiB)
      expect(bytes?.readUInt32BE(128 * MiB)).toBe(128 * MiB)
      expect(bytes?.readUInt32BE(256 * MiB - 4096)).toBe(256 * MiB - 4096)
    }
    expect(loaded.nextArtifactId).toBe(5)
  }, 120_000)

  it('writes each content once, and removes the blobs nothing names any longer', () => {
    const state = freshState()
    const kept = addArtifact(state, 'kept.txt', Buffer.from('kept\n'), 'a'.repeat(64))
    const dropped = addArtifact(state, 'dropped.txt', Buffer.from('dropped\n'), 'b'.repeat(64))
    const path = stateFile()
    saveState(state, path)
    const blobs = `${path}.blobs`
    expect(readdirSync(blobs).sort()).toEqual([`${'a'.repeat(64)}.5`, `${'b'.repeat(64)}.8`])
    const keptBlob = statSync(join(blobs, `${'a'.repeat(64)}.5`)).mtimeMs
    state.artifacts.delete(dropped)
    saveState(state, path)
    expect(readdirSync(blobs)).toEqual([`${'a'.repeat(64)}.5`])
    expect(statSync(join(blobs, `${'a'.repeat(64)}.5`)).mtimeMs).toBe(keptBlob)
    const loaded = freshState()
    loadState(loaded, path)
    expect(loaded.artifacts.get(kept)?.files.get('kept.txt')?.bytes.toString()).toBe('kept\n')
  })

  it('still loads a file of the first format, the bytes in base64 inside the JSON', () => {
    const path = stateFile()
    const file = {
      size: 3,
      sha256: 'c'.repeat(64),
      contentType: 'text/plain',
      complete: true,
      base64: 'YWJj',
    }
    const artifact = {
      id: 7,
      workspace: 'System',
      category: 'debusine:test',
      data: {},
      createdAt: '1970-01-01T00:00:00.000Z',
      expireAt: null,
      files: [['abc.txt', file]],
    }
    writeFileSync(
      path,
      JSON.stringify({
        version: 1,
        nextArtifactId: 8,
        nextWorkRequestId: 1,
        artifacts: [artifact],
        workRequests: [],
      }),
    )
    const loaded = freshState()
    loadState(loaded, path)
    expect(loaded.artifacts.get(7)?.files.get('abc.txt')?.bytes.toString()).toBe('abc')
  })
})
