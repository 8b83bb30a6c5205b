/**
 * Fixtures of the transfer reliability tests: fresh random files (the server deduplicates
 * content per workspace, so each run sends new bytes), clients through a fault proxy, and
 * what the server holds of an artifact's files.
 */
import { randomFillSync } from 'node:crypto'
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { Artifact } from '@debusine-ts/models'
import { realServer } from '../../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../../src/index.js'

export const MiB = 1024 * 1024

/** Write `count` files of `sizeMiB` MiB of random bytes under `directory`; returns their names. */
export function randomFiles(directory: string, count: number, sizeMiB: number): string[] {
  mkdirSync(directory, { recursive: true })
  const block = Buffer.alloc(4 * MiB)
  const names: string[] = []
  for (let index = 0; index < count; index += 1) {
    const name = `file-${index}.bin`
    const descriptor = openSync(join(directory, name), 'w')
    for (let written = 0; written < sizeMiB * MiB; written += block.length) {
      randomFillSync(block)
      writeSync(descriptor, block, 0, Math.min(block.length, sizeMiB * MiB - written))
    }
    closeSync(descriptor)
    names.push(name)
  }
  return names
}

/** A client of testuser on `apiUrl` (the server's, or a proxy's). */
export function clientOn(apiUrl: string, workspace: string): DebusineClient {
  const server = realServer()
  return new DebusineClient({ apiUrl, token: server.token, scope: server.scope, workspace })
}

/**
 * Bytes of the artifact's files the server still lacks: the whole of each file it lists
 * as incomplete, minus what it holds of it (the upload protocol's status probe).
 */
export async function missingBytes(artifact: Artifact): Promise<number> {
  const server = realServer()
  let missing = 0
  for (const name of artifact.files_to_upload) {
    const size = artifact.files[name]?.size ?? 0
    const probe = await fetch(`${server.apiUrl}/1.0/artifact/${artifact.id}/files/${name}/`, {
      method: 'PUT',
      headers: { Token: server.token, 'X-Debusine-Scope': server.scope, 'Content-Range': `bytes */${size}` },
    })
    const held = Number(/bytes=0-(\d+)/.exec(probe.headers.get('range') ?? '')?.[1] ?? 0)
    missing += size - held
  }
  return missing
}
