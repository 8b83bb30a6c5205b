import { stat } from 'node:fs/promises'
import type { ValidationError } from '@debusine-ts/models'
import { checkCleartextApiUrl, type CleartextPolicy } from '@debusine-ts/transport'
import { ClientConfigError } from './client-config-error.js'
import type { IniFile } from './ini.js'

/** An environment: `DEBUSINE_SERVER_NAME` and `HOME` are read. */
export type ClientConfigEnvironment = Readonly<Record<string, string | undefined>>

/** The environment variable that turns the clear-text token warning into a refusal. */
export const REQUIRE_HTTPS_ENV = 'DEBUSINE_TS_REQUIRE_HTTPS'
/** The `[General]` key of config.ini that turns the clear-text token warning into a refusal. */
export const REQUIRE_HTTPS_KEY = 'require-https'

const truthy = /^(1|true|yes|on)$/i

/**
 * What to do with a token sent in clear text: `refuse` when `[General] require-https` or
 * `DEBUSINE_TS_REQUIRE_HTTPS` is true (`1`, `true`, `yes`, `on`), else `warn`.
 */
export function cleartextPolicy(env: ClientConfigEnvironment, ini?: IniFile): CleartextPolicy {
  const configured = [env[REQUIRE_HTTPS_ENV], ini?.get('General')?.get(REQUIRE_HTTPS_KEY)]
  return configured.some((value) => value !== undefined && truthy.test(value.trim())) ? 'refuse' : 'warn'
}

/**
 * Check that a token can go in a `Token` header: printable ASCII without spaces. The error
 * says which character is wrong, never the token.
 *
 * @throws {ClientConfigError} for a malformed token
 */
export function checkToken(token: string, file: string, section: string): void {
  const bad = [...token].findIndex((character) => !/^[\x21-\x7e]$/.test(character))
  if (bad === -1) return
  throw new ClientConfigError(
    `The token of [${section}] in ${file} is malformed: character ${bad + 1} of ${[...token].length} is not a printable ASCII character (spaces are not allowed either).`,
    {
      file,
      section,
      key: 'token',
      hint: "Copy the token again, or run 'debusine-ts setup' to enroll a new one.",
    },
  )
}

/** A warning when `file` can be read by its group or by others (it holds tokens). */
export async function permissionWarning(file: string): Promise<string | undefined> {
  if (process.platform === 'win32') return undefined
  let mode: number
  try {
    mode = (await stat(file)).mode
  } catch {
    return undefined
  }
  if ((mode & 0o044) === 0) return undefined
  return `${file} holds API tokens and is readable by group or others: run chmod 600 ${file}`
}

/**
 * The warnings about the use of a server: the file's permissions, and a token that goes in
 * clear text (refused instead when the policy says so).
 *
 * @throws {ClientConfigError} (key `api-url`) when a clear-text token is refused
 */
export async function serverWarnings(
  file: string,
  section: string,
  apiUrl: string,
  policy: CleartextPolicy,
): Promise<string[]> {
  const warnings: string[] = []
  const permissions = await permissionWarning(file)
  if (permissions !== undefined) warnings.push(permissions)
  try {
    const cleartext = checkCleartextApiUrl(apiUrl, policy)
    if (cleartext !== undefined) warnings.push(`${cleartext} ([${section}] of ${file})`)
  } catch (error) {
    const reason = (error as ValidationError).issues[0]?.message ?? (error as Error).message
    throw new ClientConfigError(`${reason} ([${section}] api-url of ${file}).`, {
      file,
      section,
      key: 'api-url',
      cause: error,
      hint: `Unset ${REQUIRE_HTTPS_ENV} and [General] ${REQUIRE_HTTPS_KEY} to allow it with a warning.`,
    })
  }
  return warnings
}
