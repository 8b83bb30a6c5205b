import { existsSync, readFileSync } from 'node:fs'
import * as tls from 'node:tls'
import { ValidationError } from '@debusine-ts/models'

/** The certificates a client trusts, and where they came from (for `--debug`). */
export interface Trust {
  /** PEM certificates, the whole root store of every TLS connection. */
  ca: string[]
  /** Where they came from, e.g. `Node's roots`, `system store /etc/ssl/certs/ca-certificates.crt`. */
  sources: string[]
}

/**
 * The system store as curl, git and Python use it: the bundle `update-ca-certificates` writes
 * on Debian, and its equivalents elsewhere. The first that exists is read.
 */
export const SYSTEM_BUNDLES: readonly string[] = [
  '/etc/ssl/certs/ca-certificates.crt',
  '/etc/pki/tls/certs/ca-bundle.crt',
  '/etc/ssl/ca-bundle.pem',
  '/etc/pki/ca-trust/extracted/pem/tls-ca-bundle.pem',
  '/etc/ssl/cert.pem',
]

function readBundle(path: string, from: string): string[] {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    const reason = (error as { code?: string }).code ?? String(error)
    throw new ValidationError('TLS trust settings', [
      { path: from, message: `cannot read the CA file ${path} (${reason})`, rule: 'ca_file' },
    ])
  }
  const certificates = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []
  if (certificates.length === 0) {
    throw new ValidationError('TLS trust settings', [
      { path: from, message: `the CA file ${path} holds no PEM certificate`, rule: 'ca_file' },
    ])
  }
  return certificates
}

function firstSet(
  env: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
): [string, string] | undefined {
  for (const name of names) {
    const value = env[name]
    if (value !== undefined && value !== '') return [name, value]
  }
  return undefined
}

/** The system store: `SSL_CERT_FILE` when set (as OpenSSL reads it), else the first bundle found. */
function systemStore(env: Readonly<Record<string, string | undefined>>, bundles: readonly string[]): Trust {
  const named = firstSet(env, ['SSL_CERT_FILE'])
  if (named !== undefined) return { ca: readBundle(named[1], named[0]), sources: [`${named[0]}=${named[1]}`] }
  const found = bundles.find((path) => existsSync(path))
  if (found !== undefined)
    return { ca: readBundle(found, 'system store'), sources: [`system store ${found}`] }
  const getCACertificates = (tls as { getCACertificates?: (kind: string) => string[] }).getCACertificates
  if (getCACertificates !== undefined)
    return { ca: getCACertificates('system'), sources: ["the system's store"] }
  return { ca: [], sources: [] }
}

/** What decides the trust of a client. */
export interface TrustSettings {
  /** The environment (`process.env`). */
  env: Readonly<Record<string, string | undefined>>
  /** A CA file for this server (the `caFile` option, the `ca-file` key of config.ini). */
  caFile?: string | undefined
  /** Where the system store is looked for; default {@link SYSTEM_BUNDLES}. */
  systemBundles?: readonly string[] | undefined
}

/**
 * The root store of a client, as the tools its users know build theirs:
 * - a CA file for the server (`caFile`), else `REQUESTS_CA_BUNDLE`, else `CURL_CA_BUNDLE`,
 *   replaces every root (as `requests`' `verify=` and curl's `--cacert` do);
 * - otherwise Node's bundled roots and the system store (the Debian `ca-certificates` bundle,
 *   or the file `SSL_CERT_FILE` names, as OpenSSL reads it);
 * - `NODE_EXTRA_CA_CERTS` is always added, as Node adds it.
 *
 * @throws {ValidationError} when a file named cannot be read or holds no certificate
 */
export function trustFrom(settings: TrustSettings): Trust {
  const { env } = settings
  const trust: Trust = { ca: [], sources: [] }
  const replacing: [string, string] | undefined =
    settings.caFile !== undefined && settings.caFile !== ''
      ? ['caFile', settings.caFile]
      : firstSet(env, ['REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE'])
  if (replacing !== undefined) {
    trust.ca.push(...readBundle(replacing[1], replacing[0]))
    trust.sources.push(`${replacing[0]}=${replacing[1]}`)
  } else {
    trust.ca.push(...tls.rootCertificates)
    trust.sources.push("Node's roots")
    const system = systemStore(env, settings.systemBundles ?? SYSTEM_BUNDLES)
    trust.ca.push(...system.ca)
    trust.sources.push(...system.sources)
  }
  const extra = firstSet(env, ['NODE_EXTRA_CA_CERTS'])
  if (extra !== undefined) {
    trust.ca.push(...readBundle(extra[1], extra[0]))
    trust.sources.push(`${extra[0]}=${extra[1]}`)
  }
  return trust
}
