import { spawn } from 'node:child_process'
import { basename, dirname } from 'node:path'
import { SdkError } from '@debusine-ts/models'
import { AbortError } from '@debusine-ts/transport'

/** Signs an unsigned `.changes` in place (and the `.dsc` and `.buildinfo` it lists). */
export type UploadSigner = (
  changesFile: string,
  options: { signal?: AbortSignal | undefined },
) => Promise<void>

/** Options of {@link debsign}. */
export interface DebsignOptions {
  /** More arguments of `debsign`, e.g. `['-k', fingerprint]`. */
  args?: readonly string[] | undefined
  /** The environment of `debsign` (e.g. with `GNUPGHOME`); default the process's. */
  env?: NodeJS.ProcessEnv | undefined
  /**
   * `inherit` lets `debsign` and `gpg` talk to the terminal (to ask for a passphrase), with
   * what they print going to stderr, so that stdout holds only the caller's own output;
   * `pipe` (the default) keeps their output, and puts its end in the error when they fail.
   */
  stdio?: 'inherit' | 'pipe' | undefined
}

/**
 * A signer could not sign: `debsign` is not installed (`signer_missing`), or it (or gpg)
 * failed (`signer_failed`; the message ends with their last output unless they wrote to
 * the terminal). Nothing was sent to the server. Not retryable as such.
 *
 * @example
 * if (UploadSignerError.isInstance(error) && error.code === 'signer_missing') console.error('apt install devscripts')
 */
export class UploadSignerError extends SdkError {
  static override readonly errorName: string = 'UploadSignerError'

  declare readonly code: 'signer_missing' | 'signer_failed'

  constructor(code: 'signer_missing' | 'signer_failed', message: string, cause?: unknown) {
    super(message, code, { cause })
  }
}

const keptOutput = 4096

/**
 * A signer that runs `debsign --re-sign ARGS… -- ./FILE.changes` in the file's directory
 * (from the devscripts package; it signs with gpg). The file name is always taken as a
 * file, even one starting with `-`.
 *
 * @example
 * await client.debian.signUpload(42, { signer: debsign({ args: ['-k', 'A1B2…'], stdio: 'inherit' }) })
 */
export function debsign(options: DebsignOptions = {}): UploadSigner {
  return (changesFile, { signal }) =>
    new Promise((resolve, reject) => {
      const pipe = options.stdio !== 'inherit'
      // The name comes from the server: `--` and `./` keep one starting with `-` from being read as an option.
      const file = `./${basename(changesFile)}`
      const child = spawn('debsign', ['--re-sign', ...(options.args ?? []), '--', file], {
        cwd: dirname(changesFile),
        env: options.env ?? process.env,
        stdio: pipe ? ['ignore', 'pipe', 'pipe'] : ['inherit', process.stderr, 'inherit'],
        signal,
      })
      let output = ''
      const keep = (chunk: Buffer): void => {
        output = (output + chunk.toString('utf8')).slice(-keptOutput)
      }
      child.stdout?.on('data', keep)
      child.stderr?.on('data', keep)
      child.on('error', (error: NodeJS.ErrnoException) => {
        if (signal?.aborted === true) {
          reject(new AbortError({ method: 'SIGN', url: changesFile, cause: signal.reason }))
        } else if (error.code === 'ENOENT') {
          reject(
            new UploadSignerError(
              'signer_missing',
              'debsign is not installed: install the devscripts package.',
              error,
            ),
          )
        } else {
          reject(new UploadSignerError('signer_failed', `debsign could not run: ${error.message}`, error))
        }
      })
      child.on('close', (code, killedBy) => {
        if (code === 0) resolve()
        else if (signal?.aborted !== true) {
          const status = code === null ? `killed by ${String(killedBy)}` : `exit status ${code}`
          reject(
            new UploadSignerError(
              'signer_failed',
              `debsign failed (${status})${output === '' ? '' : `:\n${output.trim()}`}`,
            ),
          )
        }
      })
    })
}
