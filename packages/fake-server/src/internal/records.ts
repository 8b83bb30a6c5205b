/** One file of an artifact as the fake holds it. */
export interface StoredFile {
  size: number
  sha256: string
  contentType: string
  /** The bytes received so far; the file is complete once `complete` is set. */
  bytes: Buffer
  complete: boolean
}

/** An artifact as the fake holds it. */
export interface ArtifactRecord {
  id: number
  workspace: string
  category: string
  data: Record<string, unknown>
  createdAt: string
  expireAt: string | null
  files: Map<string, StoredFile>
}

/** A work request as the fake holds it. */
export interface WorkRequestRecord {
  id: number
  taskName: string
  taskType: string
  taskData: Record<string, unknown>
  eventReactions: Record<string, unknown>
  workspace: string
  status: string
  result: string
  createdAt: string
  startedAt: string | null
  completedAt: string | null
  createdBy: number
  abortedBy: number | null
  priorityBase: number
  priorityAdjustment: number
  artifacts: number[]
  /** Internal data the server shows (a retried request holds its `retry_count`). */
  workflowData: Record<string, unknown>
  /** The id of the work request that superseded this one through a retry. */
  supersededBy: number | null
  /** The workflow this request is a step of, and the root of that workflow (its own id for a root workflow). */
  parent: number | null
  workflowRoot: number | null
  /** A blocked step the workspace owner unblocks by hand (the server's `manual` strategy). */
  manualUnblock: boolean
}

/** A workflow template as the fake holds it. */
export interface TemplateRecord {
  id: number
  workspace: string
  name: string
  taskName: string
  staticParameters: Record<string, unknown>
  runtimeParameters: Record<string, unknown> | 'any'
  priority: number
}

/** An item of a collection: an artifact or bare data under a name. */
export interface CollectionItemRecord {
  name: string
  category: string
  data: Record<string, unknown>
}

/** A collection as the fake holds it. */
export interface CollectionRecord {
  id: number
  workspace: string
  name: string
  category: string
  data: Record<string, unknown>
  items: CollectionItemRecord[]
}

/** A relation from one artifact to another. */
export interface RelationRecord {
  id: number
  artifact: number
  target: number
  type: string
}

/** A user of the fake and the token that authenticates as it. */
export interface FakeUser {
  id: number
  username: string
  token: string
}

/** An asset (a signing key: the only category 0.16.2 creates through the API). */
export interface AssetRecord {
  id: number
  workspace: string
  category: string
  data: Record<string, unknown>
  createdAt: string
  workRequest: number | null
}
