import { execFile } from 'node:child_process'

interface GitResult {
  /** The exit code; null when git could not run at all (not installed). */
  status: number | null
  stdout: string
  stderr: string
}

function git(directory: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile('git', ['-C', directory, ...args], { encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error === null) {
        resolve({ status: 0, stdout, stderr })
        return
      }
      const code = (error as NodeJS.ErrnoException & { code?: unknown }).code
      resolve({ status: typeof code === 'number' ? code : null, stdout, stderr })
    })
  })
}

/** Whether `directory` is inside a git work tree (false when git is not installed). */
export async function isGitWorkTree(directory: string): Promise<boolean> {
  const result = await git(directory, ['rev-parse', '--is-inside-work-tree'])
  return result.status === 0 && result.stdout.trim() === 'true'
}

/** The commit `HEAD` points at; null in a repository without commits yet. */
export async function headCommit(directory: string): Promise<string | null> {
  const result = await git(directory, ['rev-parse', '--verify', '--quiet', 'HEAD'])
  return result.status === 0 ? result.stdout.trim() : null
}

/** A commit id as git prints it: hexadecimal, so never taken for an option of git. */
const COMMIT_ID = /^[0-9a-f]{4,64}$/i

/**
 * Whether `commit` is `HEAD` or one of its ancestors (false when unknown here). The id may
 * come from the server: anything but a hexadecimal commit id is not one, and never reaches git.
 */
export async function isAncestorOfHead(directory: string, commit: string): Promise<boolean> {
  if (!COMMIT_ID.test(commit)) return false
  const result = await git(directory, ['merge-base', '--is-ancestor', commit, 'HEAD'])
  return result.status === 0
}

/**
 * The changes of `git status` that matter to a task configuration repository: entry
 * files (`.yaml`), the `MANIFEST`, and untracked directories (which may hold entry
 * files). Other files (a README, scripts) do not make the tree dirty.
 *
 * @throws {Error} when `git status` fails
 */
export async function relevantChanges(directory: string): Promise<string[]> {
  const result = await git(directory, ['status', '--porcelain', '--untracked-files=normal', '.'])
  if (result.status !== 0) throw new Error(`git status failed in ${directory}: ${result.stderr.trim()}`)
  return result.stdout
    .split('\n')
    .filter((line) => line.length > 3)
    .filter((line) => {
      // "XY path" or "XY old -> new"; paths with special characters are quoted.
      const file = (line.slice(3).split(' -> ').pop() ?? '').replace(/^"|"$/g, '')
      return file.endsWith('/') || file.endsWith('.yaml') || file === 'MANIFEST' || file.endsWith('/MANIFEST')
    })
}
