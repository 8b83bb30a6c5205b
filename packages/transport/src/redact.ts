// Words that mark a query parameter as secret, matched against the parts of its name
// split on `_`, `-` and `.` (so `api_key` and `X-Amz-Signature` match, `author` does not).
const secretWords = new Set([
  'token',
  'key',
  'secret',
  'password',
  'passwd',
  'signature',
  'sig',
  'auth',
  'nonce',
  'code',
  'credential',
])

function isSecretParameter(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[-_.]/)
    .some((part) => secretWords.has(part))
}

/** Placeholder written where a secret was. */
export const REDACTED = '[REDACTED]'

/**
 * A URL fit for errors and logs: credentials removed and the values of query parameters
 * that look like secrets (`token`, `key`, `signature`, …) replaced by {@link REDACTED}.
 */
export function redactUrl(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return url
  }
  parsed.username = ''
  parsed.password = ''
  for (const name of new Set(parsed.searchParams.keys())) {
    if (isSecretParameter(name)) parsed.searchParams.set(name, REDACTED)
  }
  return parsed.href
}

/** One secret, several, or none. */
export type Secrets = string | readonly (string | undefined)[] | undefined

/**
 * The shortest secret that is redacted: a shorter one (a mistyped token such as `o`) would
 * turn ordinary words of every message into {@link REDACTED}, hiding the message and no
 * secret worth the name. Debusine's own tokens are 64 characters.
 */
export const MIN_REDACTED_LENGTH = 8

function secretList(secrets: Secrets): string[] {
  const list = typeof secrets === 'string' || secrets === undefined ? [secrets] : secrets
  return list.filter(
    (secret): secret is string => secret !== undefined && secret.length >= MIN_REDACTED_LENGTH,
  )
}

/**
 * `text` with every occurrence of the secrets of {@link MIN_REDACTED_LENGTH} characters or
 * more replaced by {@link REDACTED} (shorter ones are left: see there why).
 *
 * @example
 * redactText(`token ${token} refused`, token) // 'token [REDACTED] refused'
 */
export function redactText(text: string, secret: Secrets): string {
  return secretList(secret).reduce((current, one) => current.split(one).join(REDACTED), text)
}

/**
 * `value` (a string, or JSON-like data) with every occurrence of the secrets in its string
 * values replaced by {@link REDACTED}, as {@link redactText} does. Object keys are kept as
 * they are: rewriting them could merge two keys into one and drop a field; a server that
 * puts a secret in a key is not something a redaction by value can fix.
 */
export function redactValue<T>(value: T, secret: Secrets): T {
  if (secretList(secret).length === 0) return value
  if (typeof value === 'string') return redactText(value, secret) as T
  if (Array.isArray(value)) return value.map((item: unknown) => redactValue(item, secret)) as T
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, redactValue(item, secret)]),
    ) as T
  }
  return value
}
