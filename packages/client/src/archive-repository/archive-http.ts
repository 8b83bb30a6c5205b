import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import { AbortError, ConnectionError } from '@debusine-ts/transport'
import { ArchiveHttpError } from './archive-http-error.js'

/** Where the archive is and how to read it. */
export interface ArchiveLocation {
  /**
   * The archive's base URL, the server's archive host name (`DEBUSINE_DEBIAN_ARCHIVE_FQDN`),
   * e.g. `https://deb.debusine.debian.net`; the repository of a workspace is
   * `{url}/{scope}/{workspace}/`.
   */
  url: string
  /**
   * Connect to this address instead of resolving the URL's host name (whose name is still
   * sent in `Host` and TLS's SNI): for an archive name that does not resolve here, e.g.
   * `127.0.0.1` for `http://deb.localhost:8011`.
   */
  connectTo?: string | undefined
  /** HTTP basic credentials for a private workspace: a user name and a token. */
  auth?: { login: string; password: string } | undefined
  /** The time one request may take, in milliseconds; default 30 000. */
  timeout?: number | undefined
}

/** A file read from the archive. */
export interface ArchiveFile {
  status: number
  body: Buffer
  url: string
}

const MAX_BODY = 256 * 1024 * 1024

function lookupTo(address: string): LookupFunction {
  const family = address.includes(':') ? 6 : 4
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all === true)
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address, family },
      ])
    else callback(null, address, family)
  }
}

/**
 * GET one file of the archive, bypassing caches (`Cache-Control: no-cache`), whatever its
 * status: `check` turns an error status into an {@link ArchiveHttpError}.
 */
export function archiveFile(
  location: ArchiveLocation,
  path: string,
  signal?: AbortSignal,
): Promise<ArchiveFile> {
  const url = `${location.url.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
  const parsed = new URL(url)
  const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest
  const headers: Record<string, string> = { 'Cache-Control': 'no-cache', Pragma: 'no-cache' }
  if (location.auth !== undefined) {
    const pair = `${location.auth.login}:${location.auth.password}`
    headers.Authorization = `Basic ${Buffer.from(pair).toString('base64')}`
  }
  const timeout = AbortSignal.timeout(location.timeout ?? 30_000)
  const both = signal === undefined ? timeout : AbortSignal.any([signal, timeout])
  return new Promise((resolve, reject) => {
    const sent = send(
      parsed,
      {
        headers,
        agent: false,
        signal: both,
        ...(location.connectTo === undefined ? {} : { lookup: lookupTo(location.connectTo) }),
      },
      (answer: IncomingMessage) => {
        const blocks: Buffer[] = []
        let size = 0
        answer.on('data', (block: Buffer) => {
          size += block.length
          if (size > MAX_BODY) answer.destroy(new Error(`${url}: answer larger than ${MAX_BODY} bytes`))
          else blocks.push(block)
        })
        answer.on('error', (error) => reject(failure(url, error, signal)))
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body: Buffer.concat(blocks), url }))
      },
    )
    sent.on('error', (error) => reject(failure(url, error, signal)))
    sent.end()
  })
}

function failure(url: string, error: Error, signal: AbortSignal | undefined): Error {
  if (signal?.aborted === true) return new AbortError({ method: 'GET', url, cause: signal.reason })
  return new ConnectionError({ method: 'GET', url, reason: error.message, cause: error })
}

/** What an error status of the archive means, for the message. */
function statusMeaning(status: number, what: string, authenticated: boolean): string {
  if (status === 404)
    return `${what} does not exist${what.startsWith('suite') ? ' or has nothing published yet' : ''} (check the workspace and suite names${authenticated ? '' : '; a private workspace needs credentials'})`
  if (status === 401 || status === 403)
    return `the archive refused the credentials${authenticated ? ' (check the user name and token)' : ''}`
  return `the archive failed`
}

/** `file` when its status is 200, else an {@link ArchiveHttpError} naming `what` it is. */
export function checked(file: ArchiveFile, what: string, location: ArchiveLocation): ArchiveFile {
  if (file.status === 200) return file
  const meaning = statusMeaning(file.status, what, location.auth !== undefined)
  throw new ArchiveHttpError(`GET ${file.url} answered HTTP ${file.status}: ${meaning}`, {
    status: file.status,
    url: file.url,
  })
}
