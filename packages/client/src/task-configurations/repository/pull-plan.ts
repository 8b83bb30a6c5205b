import type { TaskConfigurationItem } from '@debusine-ts/models'
import { entryKey, type EntryFiles, type TaskConfigurationEntry } from './entry-files.js'

/** The file that receives server items without a `path` matching no local entry. */
export const NEW_ENTRIES_FILE = 'new.yaml'

/** Counts of entries a pull added, changed in place, deleted and left unchanged. */
export interface PullStats {
  /** Entries that are new. */
  added: number
  /** Entries replaced by different ones at the same place of a file. */
  updated: number
  /** Entries no longer on the server (counted even when their file is kept). */
  deleted: number
  /** Entries that stay as they were. */
  unchanged: number
}

/** What a pull does to one entry file. */
export interface PullFileChange {
  /** The file, relative to the repository (POSIX). */
  file: string
  /** `created`: a new file; `changed`/`unchanged`: an existing file; `removed`: the server no longer has its entries. */
  kind: 'created' | 'changed' | 'unchanged' | 'removed'
  /** The file's entry counts. */
  stats: PullStats
}

/** The new layout of a repository after a pull, and what changed. */
export interface PullPlan {
  /** The entry files the server's items make up, each in position order. */
  files: EntryFiles
  /** Local entry files holding none of the server's items. */
  removedFiles: string[]
  /** Per-file changes, sorted by file. */
  changes: PullFileChange[]
  /** The totals of `changes`. */
  stats: PullStats
}

function emptyStats(): PullStats {
  return { added: 0, updated: 0, deleted: 0, unchanged: 0 }
}

function addStats(total: PullStats, more: PullStats): void {
  total.added += more.added
  total.updated += more.updated
  total.deleted += more.deleted
  total.unchanged += more.unchanged
}

/**
 * Compare two entry sequences (by content): entries common to both in order are
 * unchanged (a longest common subsequence); where a run of old entries gives way to a
 * run of new ones, pairs count as updated and the rest as deleted or added.
 */
export function diffEntries(
  before: readonly TaskConfigurationEntry[],
  after: readonly TaskConfigurationEntry[],
): PullStats {
  const a = before.map(entryKey)
  const b = after.map(entryKey)
  const width = b.length + 1
  // common[i * width + j]: length of the longest common subsequence of a[i..] and b[j..].
  const common = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      common[i * width + j] =
        a[i] === b[j]
          ? (common[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(common[(i + 1) * width + j] ?? 0, common[i * width + j + 1] ?? 0)
    }
  }
  const stats = emptyStats()
  let removed = 0
  let inserted = 0
  const flush = (): void => {
    const paired = Math.min(removed, inserted)
    stats.updated += paired
    stats.deleted += removed - paired
    stats.added += inserted - paired
    removed = 0
    inserted = 0
  }
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush()
      stats.unchanged += 1
      i += 1
      j += 1
    } else if (
      j >= b.length ||
      (i < a.length && (common[(i + 1) * width + j] ?? 0) >= (common[i * width + j + 1] ?? 0))
    ) {
      removed += 1
      i += 1
    } else {
      inserted += 1
      j += 1
    }
  }
  flush()
  return stats
}

interface Placed {
  position: number | null
  entry: TaskConfigurationEntry
}

function withoutPlace(item: TaskConfigurationItem): TaskConfigurationEntry {
  return { ...item, path: null, position: null }
}

/**
 * Plan how a pull lays the server's items out in a repository (pure: nothing is read or
 * written).
 *
 * - An item with a `path` goes to that file, at its `position`; items without a
 *   position follow the positioned ones.
 * - An item without a `path` keeps the place of a local entry with exactly the same
 *   content (each local entry serves one item); otherwise it goes to `new.yaml`, after
 *   what that file already gets.
 * - Local files that receive no item are listed in `removedFiles`.
 *
 * @param local the repository's current entry files
 * @param items the server's items, as fetched
 */
export function planPull(local: EntryFiles, items: readonly TaskConfigurationItem[]): PullPlan {
  const byFile = new Map<string, Placed[]>()
  const place = (file: string, placed: Placed): void => {
    const list = byFile.get(file)
    if (list === undefined) byFile.set(file, [placed])
    else list.push(placed)
  }
  // Local entries by content, for the items that come without a path.
  const localByKey = new Map<string, { file: string; position: number }[]>()
  for (const [file, entries] of local) {
    entries.forEach((entry, position) => {
      const key = entryKey(entry)
      const list = localByKey.get(key)
      if (list === undefined) localByKey.set(key, [{ file, position }])
      else list.push({ file, position })
    })
  }
  const pathless: TaskConfigurationEntry[] = []
  for (const item of items) {
    const entry = withoutPlace(item)
    if (item.path !== null) {
      place(item.path, { position: item.position, entry })
      continue
    }
    const match = localByKey.get(entryKey(entry))?.shift()
    if (match === undefined) pathless.push(entry)
    else place(match.file, { position: match.position, entry })
  }
  for (const entry of pathless) place(NEW_ENTRIES_FILE, { position: null, entry })

  const files: EntryFiles = new Map()
  for (const file of [...byFile.keys()].sort()) {
    const placed = byFile.get(file) ?? []
    const unset = Math.max(...placed.map((item) => item.position ?? 0)) + 1
    // Array.prototype.sort is stable: equal positions keep the server's order.
    placed.sort((left, right) => (left.position ?? unset) - (right.position ?? unset))
    files.set(
      file,
      placed.map((item) => item.entry),
    )
  }

  const changes: PullFileChange[] = []
  const stats = emptyStats()
  for (const file of [...new Set([...files.keys(), ...local.keys()])].sort()) {
    const before = local.get(file)
    const after = files.get(file)
    let change: PullFileChange
    if (before === undefined) {
      change = { file, kind: 'created', stats: { ...emptyStats(), added: after?.length ?? 0 } }
    } else if (after === undefined) {
      change = { file, kind: 'removed', stats: { ...emptyStats(), deleted: before.length } }
    } else {
      const fileStats = diffEntries(before, after)
      const changed = fileStats.added + fileStats.updated + fileStats.deleted > 0
      change = { file, kind: changed ? 'changed' : 'unchanged', stats: fileStats }
    }
    changes.push(change)
    addStats(stats, change.stats)
  }
  const removedFiles = changes.filter((change) => change.kind === 'removed').map((change) => change.file)
  return { files, removedFiles, changes, stats }
}
