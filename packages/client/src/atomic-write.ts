import { randomBytes } from 'node:crypto'
import { chmod, mkdir, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/** Options of {@link writeFileAtomically}. */
export interface AtomicWriteOptions {
  /**
   * The file's mode (e.g. 0o600 for private state), set exactly whatever the umask; the
   * directories it creates get it plus the matching search bits (0o600 → 0o700).
   */
  mode?: number | undefined
  /** Flush the contents to disk before the rename, so a power cut leaves the old or the new file. */
  sync?: boolean | undefined
}

/**
 * Write a file atomically: the text goes to a temporary file next to it (a hidden name
 * ending in `.tmp`, so a crash never leaves a stray entry file), then is renamed over the
 * final name. Readers see the old or the new contents, never half of them.
 *
 * @example
 * await writeFileAtomically(stateFile, JSON.stringify(state), { mode: 0o600, sync: true })
 */
export async function writeFileAtomically(
  file: string,
  text: string,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const { mode, sync } = options
  const directory = dirname(file)
  const directoryMode = mode === undefined ? undefined : mode | ((mode & 0o444) >> 2)
  await mkdir(directory, { recursive: true, ...(directoryMode === undefined ? {} : { mode: directoryMode }) })
  const temporary = join(directory, `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    const handle = await open(temporary, 'wx', mode)
    try {
      await handle.writeFile(text, 'utf8')
      // The mode given to open is masked by the umask.
      if (mode !== undefined) await chmod(temporary, mode)
      if (sync === true) await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
