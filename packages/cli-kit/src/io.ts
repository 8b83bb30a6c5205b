import type { Readable } from 'node:stream'
import type { Interrupts } from './interrupts.js'

/** A stream a program writes to. */
export interface OutputStream {
  /** Write text (no newline is added). */
  write(text: string): unknown
  /** Whether it is a terminal (tables, colours, progress bars). */
  readonly isTTY?: boolean | undefined
  /** The terminal's width, when it is one. */
  readonly columns?: number | undefined
}

/** Where a program reads and writes: the process, or buffers in tests. */
export interface Io {
  readonly stdout: OutputStream
  readonly stderr: OutputStream
  /** Standard input (YAML data, prompts). */
  readonly stdin: Readable & { readonly isTTY?: boolean | undefined }
  /** The environment. */
  readonly env: Readonly<Record<string, string | undefined>>
  /** The working directory. */
  readonly cwd: string
  /** Aborted on SIGINT/SIGTERM (long-running commands stop cleanly). */
  readonly signal?: AbortSignal | undefined
  /** SIGINT/SIGTERM: a command tells here what an interrupt would leave on the server. */
  readonly interrupts?: Interrupts | undefined
}

/** The process's streams and environment. */
export function processIo(interrupts?: Interrupts): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    signal: interrupts?.signal,
    interrupts,
  }
}
