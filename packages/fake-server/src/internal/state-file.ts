import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FakeState } from './fake-state.js'
import type {
  ArtifactRecord,
  AssetRecord,
  CollectionRecord,
  RelationRecord,
  StoredFile,
  TemplateRecord,
  WorkRequestRecord,
} from './records.js'

interface SavedFile {
  size: number
  sha256: string
  contentType: string
  /** The bytes held, in the file's first format (one JSON string: lost beyond ~1 GB). */
  base64?: string
  /** The name of the blob holding the bytes, in the blob directory beside the state file. */
  blob?: string
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

/** The directory of the content blobs of the state file `path`. */
function blobDirectory(path: string): string {
  return `${path}.blobs`
}

/**
 * Write each file's bytes to a blob of its own, named by the content's declared hash and the
 * bytes held: blobs never change once written, so a save writes only the new ones.
 */
function saveBlob(directory: string, file: StoredFile): string {
  const name = `${file.sha256}.${file.bytes.length}`
  const blob = join(directory, name)
  if (!existsSync(blob)) {
    writeFileSync(`${blob}.tmp`, file.bytes)
    renameSync(`${blob}.tmp`, blob)
  }
  return name
}

/**
 * Write what the fake holds to `path`: the records as JSON, the bytes of the artifacts'
 * files as blobs beside it (so gigabytes of content never become one string). Atomic: the
 * JSON is renamed into place once every blob it names is written; blobs nothing names any
 * longer are removed after.
 */
export function saveState(state: FakeState, path: string): void {
  const directory = blobDirectory(path)
  mkdirSync(directory, { recursive: true })
  const named = new Set<string>()
  const saved: SavedState = {
    version: 1,
    nextArtifactId: state.nextArtifactId,
    nextWorkRequestId: state.nextWorkRequestId,
    artifacts: [...state.artifacts.values()].map((artifact) => ({
      ...artifact,
      files: [...artifact.files.entries()].map(([name, file]) => {
        const blob = saveBlob(directory, file)
        named.add(blob)
        return [
          name,
          {
            size: file.size,
            sha256: file.sha256,
            contentType: file.contentType,
            complete: file.complete,
            blob,
          },
        ]
      }),
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
  for (const entry of readdirSync(directory))
    if (!named.has(entry)) rmSync(join(directory, entry), { force: true })
}

/** The bytes of a saved file: its blob, or the base64 of the first format. */
function loadBytes(path: string, file: SavedFile): Buffer {
  if (file.blob != null) return readFileSync(join(blobDirectory(path), file.blob))
  return Buffer.from(file.base64 ?? '', 'base64')
}

/** Load what a previous run saved to `path` into `state`; nothing when the file is absent. */
export function loadState(state: FakeState, path: string): void {
  if (!existsSync(path)) return
  const saved = JSON.parse(readFileSync(path, 'utf8')) as SavedState
  if (saved.version !== 1)
    throw new Error(`${path}: not a state file of this fake (version ${String(saved.version)})`)
  state.nextArtifactId = saved.nextArtifactId
  state.nextWorkRequestId = saved.nextWorkRequestId
  for (const artifact of saved.artifacts) {
    const files = new Map(
      artifact.files.map(([name, file]) => [
        name,
        {
          size: file.size,
          sha256: file.sha256,
          contentType: file.contentType,
          complete: file.complete,
          bytes: loadBytes(path, file),
        },
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
  for (const [records, map] of held)
    for (const record of records ?? []) (map as Map<number, typeof record>).set(record.id, record)
  if (saved.nextIds == null) return
  state.nextTemplateId = saved.nextIds.template
  state.nextCollectionId = saved.nextIds.collection
  state.nextRelationId = saved.nextIds.relation
  state.nextAssetId = saved.nextIds.asset
}
