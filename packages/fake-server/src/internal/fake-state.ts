import type {
  ArtifactRecord,
  AssetRecord,
  CollectionRecord,
  FakeUser,
  RelationRecord,
  TemplateRecord,
  WorkRequestRecord,
} from './records.js'
import { ServerClock } from './server-clock.js'

/** A work request that reached a terminal state, as the completion channel announces it. */
export interface CompletionNotice {
  workRequestId: number
  workspace: string
  completedAt: string
  result: string
}

/** An enrollment waiting for the test to confirm or cancel it. */
export interface PendingEnrollment {
  nonce: string
  challenge: string
  hostname: string
  scope: string
  /** End the enrollment's stream with this outcome. */
  finish(outcome: 'confirm' | 'cancel'): void
}

/** The settings a {@link FakeState} starts with. */
export interface FakeStateSettings {
  scope: string
  workspaces: readonly string[]
  /** The workspaces anonymous requests may read; they see the others as missing. */
  publicWorkspaces: readonly string[]
  user: FakeUser
}

/**
 * Everything the fake holds: its scope and workspaces, one user, the artifacts and work
 * requests created through it, and who listens for completions.
 */
export class FakeState {
  readonly clock = new ServerClock()
  readonly scope: string
  readonly workspaces: Set<string>
  readonly publicWorkspaces: Set<string>
  readonly user: FakeUser
  readonly artifacts = new Map<number, ArtifactRecord>()
  readonly workRequests = new Map<number, WorkRequestRecord>()
  readonly templates = new Map<number, TemplateRecord>()
  readonly collections = new Map<number, CollectionRecord>()
  readonly relations = new Map<number, RelationRecord>()
  readonly assets = new Map<number, AssetRecord>()
  /** The enrollments waiting for the test's answer, by nonce. */
  readonly enrollments = new Map<string, PendingEnrollment>()
  /** When set, the token is treated as the real server treats an expired one: anonymous. */
  tokenExpired = false
  nextArtifactId = 1
  nextWorkRequestId = 1
  nextTemplateId = 1
  nextCollectionId = 1
  nextRelationId = 1
  nextAssetId = 1
  private readonly completionListeners = new Set<(notice: CompletionNotice) => void>()

  constructor(settings: FakeStateSettings) {
    this.scope = settings.scope
    this.workspaces = new Set(settings.workspaces)
    this.publicWorkspaces = new Set(settings.publicWorkspaces)
    this.user = settings.user
    for (const workspace of this.workspaces) this.addSingletons(workspace)
  }

  /** The singleton collections a new workspace has on the server. */
  private addSingletons(workspace: string): void {
    for (const category of ['debusine:task-history', 'debian:archive', 'debian:package-build-logs']) {
      const id = this.nextCollectionId++
      this.collections.set(id, { id, workspace, name: '_', category, data: {}, items: [] })
    }
  }

  /** The collection `name@category` of `workspace`, if there is one. */
  collectionNamed(workspace: string, category: string, name: string): CollectionRecord | undefined {
    return [...this.collections.values()].find(
      (collection) => collection.workspace === workspace && collection.category === category && collection.name === name,
    )
  }

  /** The default workspace: the first one named. */
  get defaultWorkspace(): string {
    return [...this.workspaces][0]!
  }

  /** Whether `user` (null: anonymous) may see the workspace `name`. */
  canSee(user: FakeUser | null, name: string): boolean {
    return this.workspaces.has(name) && (user != null || this.publicWorkspaces.has(name))
  }

  /** The user a `Token` header authenticates as, or null (anonymous). */
  userFor(token: string | undefined): FakeUser | null {
    if (token === undefined || this.tokenExpired) return null
    return token === this.user.token ? this.user : null
  }

  /** Call `listener` on every completion announced from now on; returns the unsubscribe. */
  onCompletion(listener: (notice: CompletionNotice) => void): () => void {
    this.completionListeners.add(listener)
    return () => this.completionListeners.delete(listener)
  }

  /** Tell every listener that a work request completed. */
  announceCompletion(notice: CompletionNotice): void {
    for (const listener of this.completionListeners) listener(notice)
  }

  /** The terminal work requests, ordered by (completed_at, id), as the replay reads them. */
  completedWorkRequests(): WorkRequestRecord[] {
    return [...this.workRequests.values()]
      .filter((request) => request.completedAt != null)
      .sort((a, b) => a.completedAt!.localeCompare(b.completedAt!) || a.id - b.id)
  }
}
