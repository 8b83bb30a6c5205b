import { lstat, mkdir, readlink } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'

/**
 * Why a path below a trusted directory cannot be written: one of its components is a
 * symbolic link (writing would follow it, perhaps outside the directory), or a
 * directory on the way is something else (a file).
 */
export interface PathHazard {
  kind: 'symlink' | 'not-a-directory'
  /** The offending component, as a path (the trusted directory joined with the components up to it). */
  at: string
  /** Where the link points (for `symlink`), for messages. */
  linkTarget?: string | undefined
}

/** The components of `path` below `root`, or undefined when `path` is `root` itself or outside it. */
export function componentsBelow(root: string, path: string): string[] | undefined {
  const fromRoot = relative(root, path)
  if (fromRoot === '' || isAbsolute(fromRoot)) return undefined
  const components = fromRoot.split(sep)
  return components.includes('..') ? undefined : components
}

async function symlinkHazard(at: string): Promise<PathHazard> {
  const linkTarget = await readlink(at).catch(() => undefined)
  return { kind: 'symlink', at, linkTarget }
}

/**
 * Look at each existing component of `components` below `root`, without creating
 * anything: the first that is a symbolic link (a dangling one included), or a non-directory
 * on the way, is the hazard. The walk stops at the first component that does not exist
 * (nothing below it can exist). `root` itself is the caller's choice and is not looked at.
 *
 * @param last whether the last component (the file itself) is looked at too
 */
export async function findPathHazard(
  root: string,
  components: readonly string[],
  last: boolean,
): Promise<PathHazard | undefined> {
  let at = root
  for (const [index, component] of components.entries()) {
    at = join(at, component)
    const isLast = index === components.length - 1
    if (isLast && !last) return undefined
    const stats = await lstat(at).catch(() => undefined)
    if (stats === undefined) return undefined
    if (stats.isSymbolicLink()) return symlinkHazard(at)
    if (!isLast && !stats.isDirectory()) return { kind: 'not-a-directory', at }
  }
  return undefined
}

/**
 * Create the directories `components` below `root` one level at a time, never through a
 * symbolic link: each level is created with a plain `mkdir` (which does not follow a link
 * where the directory would be), and a level that is already there must be a real
 * directory. Nothing is created below a refused level.
 *
 * @returns the hazard that stopped it, or undefined once every level is a real directory
 */
export async function makeDirectoriesBelow(
  root: string,
  components: readonly string[],
): Promise<PathHazard | undefined> {
  let at = root
  for (const component of components) {
    at = join(at, component)
    try {
      await mkdir(at)
      continue
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error
    }
    const stats = await lstat(at)
    if (stats.isSymbolicLink()) return symlinkHazard(at)
    if (!stats.isDirectory()) return { kind: 'not-a-directory', at }
  }
  return undefined
}

/** The hazard in words, e.g. `"dest/sub" is a symbolic link (to "/elsewhere")`. */
export function describeHazard(hazard: PathHazard): string {
  if (hazard.kind === 'not-a-directory') return `"${hazard.at}" is not a directory`
  const to = hazard.linkTarget === undefined ? '' : ` (to "${hazard.linkTarget}")`
  return `"${hazard.at}" is a symbolic link${to}`
}
