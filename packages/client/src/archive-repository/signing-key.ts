import { backoffDelay, sleep } from '@debusine-ts/transport'
import { archiveFile, checked, type ArchiveLocation } from './archive-http.js'
import { ArchiveKeyError } from './archive-key-error.js'
import { dearmorPublicKey, keyFingerprint, publicKeyPackets } from './openpgp-key.js'

/**
 * How long {@link ArchiveRepository.signingKey} retries an empty key block by default: 120 s
 * (a fresh workspace's key is made by a signing task that the server runs after it).
 */
export const DEFAULT_KEY_DEADLINE_MS = 120_000

/** A workspace's archive key. */
export interface SigningKey {
  /** The ASCII-armored key block, as served. */
  armored: string
  /** The binary keyring (what `gpg --dearmor` writes). */
  keyring: Uint8Array
  /** The fingerprints of its public keys (primary keys), upper-case hex. */
  fingerprints: string[]
  /** The key's URL. */
  url: string
}

/**
 * Read `{base}signing-keys.asc` until it holds at least one public-key packet: an empty
 * block (a fresh workspace) is retried with backoff (1 s doubling to 8 s) until `deadlineMs`.
 *
 * @throws {ArchiveKeyError} when it is still empty at the deadline
 * @throws {ArchiveHttpError} when the archive answers an error status (not retried)
 */
export async function readSigningKey(
  location: ArchiveLocation,
  base: string,
  options: { deadlineMs?: number | undefined; signal?: AbortSignal | undefined } = {},
): Promise<SigningKey> {
  const deadlineMs = options.deadlineMs ?? DEFAULT_KEY_DEADLINE_MS
  const start = Date.now()
  for (let attempt = 1; ; attempt += 1) {
    const file = checked(
      await archiveFile(location, `${base}signing-keys.asc`, options.signal),
      'the workspace archive',
      location,
    )
    const armored = file.body.toString('utf8')
    const keyring = dearmorPublicKey(armored)
    const keys = publicKeyPackets(keyring)
    if (keys.length > 0) return { armored, keyring, fingerprints: keys.map(keyFingerprint), url: file.url }
    const waited = Date.now() - start
    if (waited >= deadlineMs) {
      throw new ArchiveKeyError(
        `${file.url} holds no public key after ${Math.round(waited / 1000)} s (an empty key block: the workspace's archive key is not made yet; run update_suites or wait longer)`,
        { url: file.url, waitedMs: waited },
      )
    }
    await sleep(
      Math.min(backoffDelay(attempt, { initialMs: 1000, maxMs: 8000 }), deadlineMs - waited),
      options.signal,
    )
  }
}
