import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { SdkError } from '@debusine-ts/models'
import { archiveFile, checked, type ArchiveLocation } from './archive-http.js'

/** One paragraph of a deb822 file (`Packages`, `Sources`, `Release`), field → value. */
export type Paragraph = ReadonlyMap<string, string>

/** What `InRelease` says of the suite. */
export interface ReleaseFile {
  /** The signed text (the cleartext signature's body, dash-escaping undone). */
  text: string
  /** The whole file as served (for signature checks). */
  raw: Buffer
  architectures: string[]
  components: string[]
  /** Path → SHA-256 and size, from the `SHA256` field. */
  sha256: ReadonlyMap<string, { hash: string; size: number }>
}

/** The paragraphs of a deb822 text; continuation lines are joined with `\n`. */
export function paragraphs(text: string): Paragraph[] {
  const result: Paragraph[] = []
  for (const block of text.split(/\n[ \t]*\n/)) {
    const fields = new Map<string, string>()
    let last: string | undefined
    for (const line of block.split('\n')) {
      if (/^[ \t]/.test(line) && last !== undefined) fields.set(last, `${fields.get(last)}\n${line.trim()}`)
      else {
        const match = /^([^:\s]+):[ \t]*(.*)$/.exec(line)
        if (match === null) continue
        last = match[1]!
        fields.set(last, match[2]!)
      }
    }
    if (fields.size > 0) result.push(fields)
  }
  return result
}

/** The signed body of an OpenPGP cleartext-signed message (RFC 9580 §7). */
function signedText(raw: string): string {
  const lines = raw.split(/\r?\n/)
  if (lines[0] !== '-----BEGIN PGP SIGNED MESSAGE-----') return raw
  const start = lines.findIndex((line) => line === '') + 1
  const end = lines.indexOf('-----BEGIN PGP SIGNATURE-----')
  return lines
    .slice(start, end < 0 ? undefined : end)
    .map((line) => (line.startsWith('- ') ? line.slice(2) : line))
    .join('\n')
}

/** `dists/SUITE/InRelease`, read without caches and parsed. */
export async function readRelease(
  location: ArchiveLocation,
  base: string,
  suite: string,
  signal?: AbortSignal,
): Promise<ReleaseFile> {
  const file = checked(
    await archiveFile(location, `${base}dists/${suite}/InRelease`, signal),
    `suite ${JSON.stringify(suite)}`,
    location,
  )
  const text = signedText(file.body.toString('utf8'))
  const [fields] = paragraphs(text)
  const words = (name: string): string[] => (fields?.get(name) ?? '').split(/\s+/).filter(Boolean)
  const sha256 = new Map<string, { hash: string; size: number }>()
  for (const line of (fields?.get('SHA256') ?? '').split('\n')) {
    const [hash, size, path] = line.trim().split(/\s+/)
    if (hash !== undefined && size !== undefined && path !== undefined)
      sha256.set(path, { hash, size: Number(size) })
  }
  return {
    text,
    raw: file.body,
    architectures: words('Architectures'),
    components: words('Components'),
    sha256,
  }
}

async function unxz(body: Buffer): Promise<Buffer> {
  const child = promisify(execFile)('xz', ['-dc'], { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 })
  child.child.stdin?.end(body)
  return (await child).stdout
}

// The forms of an index, in the order tried: Debusine 0.16 serves only the `.xz` one, although
// InRelease lists the uncompressed file too.
const FORMS: readonly [string, (body: Buffer) => Promise<Buffer>][] = [
  ['', (body) => Promise.resolve(body)],
  ['.gz', (body) => Promise.resolve(gunzipSync(body))],
  ['.xz', unxz],
]

/**
 * The paragraphs of an index of the suite (`main/binary-amd64/Packages`,
 * `main/source/Sources`): the first form InRelease lists that the archive serves, checked
 * against InRelease's SHA-256, decompressed (`.xz` by running `xz -dc`). An index InRelease
 * does not list is empty.
 */
export async function readIndex(
  location: ArchiveLocation,
  base: string,
  suite: string,
  release: ReleaseFile,
  index: string,
  signal?: AbortSignal,
): Promise<Paragraph[]> {
  for (const [suffix, decompress] of FORMS) {
    const listed = release.sha256.get(index + suffix)
    if (listed === undefined) continue
    if (listed.size === 0) return []
    const file = await archiveFile(location, `${base}dists/${suite}/${index}${suffix}`, signal)
    if (file.status === 404) continue
    checked(file, index + suffix, location)
    const hash = createHash('sha256').update(file.body).digest('hex')
    if (hash !== listed.hash) {
      throw new SdkError(
        `${file.url}: SHA-256 ${hash} is not the ${listed.hash} InRelease lists (the index changed while it was read; read again)`,
        'index_hash_mismatch',
        { isRetryable: true },
      )
    }
    return paragraphs((await decompress(file.body)).toString('utf8'))
  }
  return []
}
