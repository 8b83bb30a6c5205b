import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'

/**
 * Write a file atomically: the text goes to a temporary file next to it (a hidden name
 * not ending in `.yaml`, so a crash never leaves a stray entry file), then is renamed over
 * the final name. Readers see the old or the new contents, never half of them. `mode`
 * (e.g. 0o600 for private state) applies to the file and to directories it creates.
 */
export async function writeFileAtomically(
  file: string,
  text: string,
  options: { mode?: number } = {},
): Promise<void> {
  const directory = dirname(file)
  const directoryMode = options.mode === undefined ? undefined : options.mode | ((options.mode & 0o444) >> 2)
  await mkdir(directory, { recursive: true, ...(directoryMode === undefined ? {} : { mode: directoryMode }) })
  const temporary = join(directory, `.${basename(file)}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    await writeFile(temporary, text, {
      encoding: 'utf8',
      flag: 'wx',
      ...(options.mode === undefined ? {} : { mode: options.mode }),
    })
    await rename(temporary, file)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}
