import { normalizeApiUrl } from '@debusine-ts/transport'

/**
 * The web page where a logged-in user confirms (or cancels) an enrollment:
 * `{origin}{/api path without its last component}/-/enroll/confirm/{nonce}/`.
 *
 * @param apiUrl the server's `/api` URL, e.g. `https://debusine.debian.net/api/`
 * @throws {ValidationError} when `apiUrl` is not an http(s) URL
 * @example
 * enrollmentConfirmUrl('https://debusine.debian.net/api/', nonce)
 * // 'https://debusine.debian.net/-/enroll/confirm/q1R9vXc0b7Hk2Zp_Ls-4wA/'
 */
export function enrollmentConfirmUrl(apiUrl: string, nonce: string): string {
  // The web UI lives next to the API: drop the last path component (normally `api`).
  const webRoot = normalizeApiUrl(apiUrl).replace(/\/[^/]*$/, '')
  return `${webRoot}/-/enroll/confirm/${encodeURIComponent(nonce)}/`
}
