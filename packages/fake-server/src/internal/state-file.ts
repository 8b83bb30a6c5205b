import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { FakeState } from './fake-state.js'
import type {
  ArtifactRecord,
  AssetRecord,
  CollectionRecord,
  RelationRecord,
  TemplateRecord,
  WorkRequestRecord,
} from './records.js'

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
  // Absent from the files of the first releases: nothing of the kind was held.
  templates?: TemplateRecord[]
  collections?: CollectionRecord[]
  relations?: RelationRecord[]
  assets?: AssetRecord[]
  nextIds?: { template: number; collection: number; relation: number; asset: number }
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
    templates: [...state.templates.values()],
    collections: [...state.collections.values()],
    relations: [...state.relations.values()],
    assets: [...state.assets.values()],
    nextIds: {
      template: state.nextTemplateId,
      collection: state.nextCollectionId,
      relation: state.nextRelationId,
      asset: state.nextAssetId,
    },
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
  loadRecords(state, saved)
}

/** The templates, collections, relations and assets of a saved state, when it has them. */
function loadRecords(state: FakeState, saved: SavedState): void {
  if (saved.collections != null) state.collections.clear()
  const held = [
    [saved.templates, state.templates],
    [saved.collections, state.collections],
    [saved.relations, state.relations],
    [saved.assets, state.assets],
  ] as const
  for (const [records, map] of held) for (const record of records ?? []) (map as Map<number, typeof record>).set(record.id, record)
  if (saved.nextIds == null) return
  state.nextTemplateId = saved.nextIds.template
  state.nextCollectionId = saved.nextIds.collection
  state.nextRelationId = saved.nextIds.relation
  state.nextAssetId = saved.nextIds.asset
}
