import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { FakeState } from './fake-state.js'
import type { ArtifactRecord, WorkRequestRecord } from './records.js'

interface SavedFile {
  size: number
  sha256: string
  contentType: string
  base64: string
  complete: boolean
}

interface SavedState {
  version: 1
  nextArtifactId: number
  nextWorkRequestId: number
  artifacts: (Omit<ArtifactRecord, 'files'> & { files: [string, SavedFile][] })[]
  workRequests: WorkRequestRecord[]
}

/** Write what the fake holds to `path` (atomically: a reader never sees half a file). */
export function saveState(state: FakeState, path: string): void {
  const saved: SavedState = {
    version: 1,
    nextArtifactId: state.nextArtifactId,
    nextWorkRequestId: state.nextWorkRequestId,
    artifacts: [...state.artifacts.values()].map((artifact) => ({
      ...artifact,
      files: [...artifact.files.entries()].map(([name, file]) => [
        name,
        { size: file.size, sha256: file.sha256, contentType: file.contentType, complete: file.complete, base64: file.bytes.toString('base64') },
      ]),
    })),
    workRequests: [...state.workRequests.values()],
  }
  writeFileSync(`${path}.tmp`, JSON.stringify(saved))
  renameSync(`${path}.tmp`, path)
}

/** Load what a previous run saved to `path` into `state`; nothing when the file is absent. */
export function loadState(state: FakeState, path: string): void {
  if (!existsSync(path)) return
  const saved = JSON.parse(readFileSync(path, 'utf8')) as SavedState
  if (saved.version !== 1) throw new Error(`${path}: not a state file of this fake (version ${String(saved.version)})`)
  state.nextArtifactId = saved.nextArtifactId
  state.nextWorkRequestId = saved.nextWorkRequestId
  for (const artifact of saved.artifacts) {
    const files = new Map(
      artifact.files.map(([name, file]) => [
        name,
        { size: file.size, sha256: file.sha256, contentType: file.contentType, complete: file.complete, bytes: Buffer.from(file.base64, 'base64') },
      ]),
    )
    state.artifacts.set(artifact.id, { ...artifact, files })
  }
  for (const request of saved.workRequests) state.workRequests.set(request.id, request)
}
