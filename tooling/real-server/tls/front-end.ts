// Starts nginx with TLS in front of the real server (./up) and reads what it printed.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** The TLS front end of the real server: nginx on loopback, a private CA. */
export interface TlsFrontEnd {
  /** The name on the certificate; it resolves only at the forward proxy. */
  name: string
  /** `https://<name>:<port>/api`. */
  apiUrl: string
  /** `http://<name>:<http port>/api` (the same nginx, plain HTTP). */
  plainApiUrl: string
  /** nginx's TLS port on 127.0.0.1. */
  port: number
  /** The private CA that signed the certificate (PEM file). */
  caFile: string
  /** Another CA, which signed nothing of this server. */
  otherCaFile: string
}

/** Bring nginx up (idempotent) and describe it. */
export function tlsFrontEnd(): TlsFrontEnd {
  const up = fileURLToPath(new URL('up', import.meta.url))
  const envFile = execFileSync(up, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })
    .trim()
    .split('\n')
    .at(-1)!
  const env = Object.fromEntries(
    readFileSync(envFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  ) as Record<string, string>
  const name = env.DEBUSINE_TS_TLS_NAME!
  return {
    name,
    apiUrl: `https://${name}:${env.DEBUSINE_TS_TLS_PORT}/api`,
    plainApiUrl: `http://${name}:${env.DEBUSINE_TS_TLS_HTTP_PORT}/api`,
    port: Number(env.DEBUSINE_TS_TLS_PORT),
    caFile: env.DEBUSINE_TS_TLS_CA!,
    otherCaFile: env.DEBUSINE_TS_TLS_OTHER_CA!,
  }
}
