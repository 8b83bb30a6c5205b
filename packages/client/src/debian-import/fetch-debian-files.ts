import { createHash, type Hash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Deb822Entry, Deb822Fields } from '@debusine-ts/artifacts'
import { AbortError, classifyNetworkFailure, type FetchFunction } from '@debusine-ts/transport'
import { stallWatchdog, type StallWatchdog } from '../internal/transfers/stall-watchdog.js'
import { DebianDownloadError } from './debian-download-error.js'

/** Options of {@link fetchDebianFiles}. */
export interface FetchDebianFilesOptions {
  /** Aborts the downloads; the call then rejects with an {@link AbortError}. */
  signal?: AbortSignal | undefined
  /** The fetch implementation; default the global `fetch`. */
  fetch?: FetchFunction | undefined
  /**
   * How long a download may receive no byte (the answer's headers included) before it is
   * abandoned, in milliseconds; default 60 000.
   */
  stallTimeout?: number | undefined
}

const defaultStallTimeout = 60_000

/** What a `.dsc` or `.changes` (or the download itself) says about a file: size and digests. */
type FileFacts = Map<string, string>

// The fields that list files with a digest, and that digest's name.
const digestFields = [
  ['Files', 'md5', 'md5sum'],
  ['Checksums-Sha1', 'sha1', 'sha1'],
  ['Checksums-Sha256', 'sha256', 'sha256'],
] as const

function listed(fields: Deb822Fields, name: string): readonly Deb822Entry[] {
  const key = Object.keys(fields).find((candidate) => candidate.toLowerCase() === name.toLowerCase())
  const value = key === undefined ? undefined : fields[key]
  return Array.isArray(value) ? value : []
}

/** The base URL (the directory) and the file name of a plain http(s) URL of a file. */
function splitUrl(url: string): { base: URL; name: string } {
  let parsed: URL | undefined
  try {
    parsed = new URL(url)
  } catch {
    parsed = undefined
  }
  const name = parsed === undefined ? '' : decodeURIComponent(parsed.pathname.split('/').pop() ?? '')
  if (
    parsed === undefined ||
    (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') ||
    parsed.search !== '' ||
    parsed.hash !== '' ||
    name === ''
  ) {
    throw new DebianDownloadError(
      'unsupported_url',
      `Cannot fetch ${JSON.stringify(url)}: only plain http(s) URLs of a file (no query, no fragment) can be fetched with the files they list.`,
      { url },
    )
  }
  return { base: new URL('.', parsed), name }
}

/**
 * Fetch a Debian file from an http(s) URL into `directory`, as `dget` does: a `.dsc` or
 * `.changes` brings every file it lists (from the same URL directory, recursively: a
 * `.changes` brings its `.dsc`, which brings its tarballs). Each file streams to disk
 * while its size, MD5, SHA-1 and SHA-256 are computed; they must match every listing of
 * it. Memory does not grow with file size.
 *
 * @returns the local path of the file `url` names
 * @example
 * const dsc = await fetchDebianFiles('https://mirror.example/debian/pool/main/h/hello/hello_1.0-1.dsc', tmp)
 * @throws {DebianDownloadError} for an unsupported URL, a listed name that is not a plain
 *   file name, an HTTP error or network failure, or a file whose size or a digest differs
 * @throws {AbortError} when `signal` aborts
 */
export async function fetchDebianFiles(
  url: string,
  directory: string,
  options: FetchDebianFilesOptions = {},
): Promise<string> {
  const { base, name } = splitUrl(url)
  // Loaded here, not with the client: the artifacts package reads .deb files with tar-stream,
  // which a program that never fetches Debian files should not load.
  const { readChanges, readDsc } = await import('@debusine-ts/artifacts')
  const facts = new Map<string, FileFacts>([[name, new Map()]])
  const queue = [name]
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const fileUrl = new URL(encodeURIComponent(next), base).href
    const destination = join(directory, next)
    const downloaded = await download(fileUrl, destination, options)
    record(facts, next, downloaded, 'the download', fileUrl)
    const parse = next.endsWith('.dsc') ? readDsc : next.endsWith('.changes') ? readChanges : undefined
    if (parse === undefined) continue
    const fields = await parse(destination, { signal: options.signal })
    for (const [field, digest, column] of digestFields) {
      for (const entry of listed(fields, field)) {
        const listedName = entry.name ?? ''
        if (listedName === '' || listedName.includes('/') || listedName === '.' || listedName === '..') {
          throw new DebianDownloadError(
            'invalid_file_name',
            `${next} lists ${JSON.stringify(listedName)}, which is not a plain file name; nothing was imported.`,
            { url: fileUrl },
          )
        }
        if (!facts.has(listedName)) {
          facts.set(listedName, new Map())
          queue.push(listedName)
        }
        const claims = new Map([
          ['size', String(Number(entry.size))],
          [digest, entry[column] ?? ''],
        ])
        record(facts, listedName, claims, next, new URL(encodeURIComponent(listedName), base).href)
      }
    }
  }
  return join(directory, name)
}

/** Add what `source` says about `name` to what is known, refusing any disagreement. */
function record(
  facts: Map<string, FileFacts>,
  name: string,
  claims: FileFacts,
  source: string,
  url: string,
): void {
  const known = facts.get(name) ?? new Map<string, string>()
  facts.set(name, known)
  for (const [fact, value] of claims) {
    const previous = known.get(fact)
    if (previous !== undefined && previous !== value) {
      throw new DebianDownloadError(
        'checksum_mismatch',
        `${source} has mis-matching ${fact} for ${name} (${value} != ${previous}); nothing was imported.`,
        { url },
      )
    }
    known.set(fact, value)
  }
}

/** The error for a download that failed without an HTTP error status. */
function failedDownload(
  error: unknown,
  url: string,
  stall: StallWatchdog,
  options: FetchDebianFilesOptions,
): Error {
  if (options.signal?.aborted === true)
    return new AbortError({ method: 'GET', url, cause: options.signal.reason })
  if (stall.stalled()) {
    return new DebianDownloadError(
      'stalled',
      `Download of ${url} stalled: no byte came for ${options.stallTimeout ?? defaultStallTimeout} ms.`,
      { url, isRetryable: true },
    )
  }
  const failure = classifyNetworkFailure(error)
  return new DebianDownloadError('connection_failed', `Cannot download ${url}: ${failure.reason}.`, {
    url,
    isRetryable: true,
    cause: failure.cause,
  })
}

/** Stream `url` into a new file `destination`, and return its size and digests. */
async function download(
  url: string,
  destination: string,
  options: FetchDebianFilesOptions,
): Promise<FileFacts> {
  const stall = stallWatchdog(options.stallTimeout ?? defaultStallTimeout)
  const signal = options.signal === undefined ? stall.signal : AbortSignal.any([options.signal, stall.signal])
  try {
    let response: Response
    try {
      response = await (options.fetch ?? fetch)(url, { signal, redirect: 'follow' })
    } catch (error) {
      throw failedDownload(error, url, stall, options)
    }
    if (!response.ok || response.body === null) {
      await response.body?.cancel()
      throw new DebianDownloadError(
        'http_status',
        `Cannot download ${url}: HTTP ${response.status} ${response.statusText}.`,
        { url, isRetryable: response.status >= 500 || response.status === 429 },
      )
    }
    return await writeHashed(response.body, destination, signal, stall).catch(async (error: unknown) => {
      await unlink(destination).catch(() => undefined)
      if ((error as { path?: unknown }).path === destination) {
        throw new DebianDownloadError(
          'write_failed',
          `Cannot write ${destination}: ${(error as Error).message}`,
          {
            url,
            cause: error,
          },
        )
      }
      throw failedDownload(error, url, stall, options)
    })
  } finally {
    stall.stop()
  }
}

/** Write `body` to a new file while computing its size, MD5, SHA-1 and SHA-256. */
async function writeHashed(
  body: ReadableStream<Uint8Array>,
  destination: string,
  signal: AbortSignal,
  stall: StallWatchdog,
): Promise<FileFacts> {
  const hashes: Record<string, Hash> = {
    md5: createHash('md5'),
    sha1: createHash('sha1'),
    sha256: createHash('sha256'),
  }
  let size = 0
  const hashing = new Transform({
    transform(block: Buffer, _encoding, callback) {
      stall.wake()
      size += block.length
      for (const hash of Object.values(hashes)) hash.update(block)
      callback(null, block)
    },
  })
  await pipeline(Readable.fromWeb(body as never), hashing, createWriteStream(destination, { flags: 'wx' }), {
    signal,
  })
  return new Map([
    ['size', String(size)],
    ...Object.entries(hashes).map(([name, hash]) => [name, hash.digest('hex')] as [string, string]),
  ])
}
