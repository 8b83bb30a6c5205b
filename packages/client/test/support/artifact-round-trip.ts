/**
 * Shared steps of the artifact round-trip tests: upload a local artifact, read it back,
 * download it, and compare every byte with the local files.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import type { LocalArtifact } from '@debusine-ts/artifacts'
import type { Artifact } from '@debusine-ts/models'
import { expect } from 'vitest'
import type { DebusineClient } from '../../src/index.js'

/** The hex SHA-256 of some bytes. */
export const sha256 = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex')

/** Write a file, creating its directory. */
export function write(path: string, content: string | Uint8Array): string {
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, content)
  return path
}

/** Path (relative, with `/`) → sha256 of every file under a directory. */
export function tree(root: string): Record<string, string> {
  const result: Record<string, string> = {}
  const walk = (directory: string): void => {
    for (const entry of readdirSync(directory, { withFileTypes: true })) {
      const full = join(directory, entry.name)
      if (entry.isDirectory()) walk(full)
      else result[relative(root, full).split('\\').join('/')] = sha256(readFileSync(full))
    }
  }
  walk(root)
  return result
}

/** Path in the artifact → sha256 of the local file. */
export function localTree(local: LocalArtifact): Record<string, string> {
  return Object.fromEntries([...local.files].map(([name, path]) => [name, sha256(readFileSync(path))]))
}

/**
 * Upload, read the artifact back with `get` (workspace, category, files with their sizes and
 * hashes, and data equal to what was sent), download it into `out` and compare bytes.
 * Returns the artifact as `get` shows it.
 */
export async function roundTripArtifact(
  client: DebusineClient,
  local: LocalArtifact,
  out: string,
): Promise<Artifact> {
  const uploaded = await client.artifacts.upload(local)
  expect(uploaded.files_to_upload).toEqual([])
  const artifact = await client.artifacts.get(uploaded.id)
  expect(artifact.id).toBe(uploaded.id)
  expect(artifact.workspace).toBe(client.workspace)
  expect(artifact.category).toBe(local.category)
  expect(artifact.files_to_upload).toEqual([])
  // What we sent is the JSON of the local data; the server stores and shows it unchanged.
  expect(artifact.data).toEqual(JSON.parse(JSON.stringify(local.data)))
  const expected = localTree(local)
  expect(Object.keys(artifact.files).sort()).toEqual(Object.keys(expected).sort())
  for (const [path, file] of Object.entries(artifact.files)) {
    expect(file.size, path).toBe(readFileSync(local.files.get(path) as string).length)
    expect(file.checksums.sha256, path).toBe(expected[path])
  }
  mkdirSync(out, { recursive: true })
  await client.artifacts.downloadTo(artifact.id, out)
  expect(tree(out)).toEqual(expected)
  return artifact
}
