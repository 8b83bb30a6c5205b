import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { SdkError } from '@debusine-ts/models'

/** How InRelease's signature was checked: by `gpgv` against the key, or not (no `gpgv` here). */
export type ReleaseVerification = 'verified' | 'gpgv-missing'

/**
 * Check InRelease's signature with `gpgv`, trusting only `keyring` (the archive's binary
 * key). Without `gpgv` on PATH nothing is checked: the answer says so.
 *
 * @throws {SdkError} `bad_release_signature` when gpgv rejects it
 */
export async function verifyRelease(raw: Buffer, keyring: Uint8Array): Promise<ReleaseVerification> {
  const directory = await mkdtemp(join(tmpdir(), 'debusine-ts-inrelease-'))
  try {
    const keyFile = join(directory, 'archive.gpg')
    const releaseFile = join(directory, 'InRelease')
    await writeFile(keyFile, keyring)
    await writeFile(releaseFile, raw)
    try {
      await promisify(execFile)('gpgv', ['--keyring', keyFile, releaseFile], { encoding: 'utf8' })
      return 'verified'
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gpgv-missing'
      const { stderr } = error as { stderr?: string }
      const said = (stderr ?? '').trim()
      throw new SdkError(
        `InRelease is not signed by the archive's key (gpgv: ${said})`,
        'bad_release_signature',
        {
          cause: error,
        },
      )
    }
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}
