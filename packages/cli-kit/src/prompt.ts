import { StringDecoder } from 'node:string_decoder'
import type { Io } from './io.js'

/** Asks questions on a terminal: the question on stderr, the answer a line of stdin. */
export interface Prompter {
  /** The answer, trimmed; undefined at the end of input (Ctrl-D). */
  ask(question: string): Promise<string | undefined>
  /**
   * The answer, trimmed, read without echo when stdin is a terminal (for a token); undefined
   * at the end of input. Ctrl-C there is sent on as SIGINT (raw mode turns it into a byte).
   */
  askSecret(question: string): Promise<string | undefined>
  /** Stop reading stdin. */
  close(): void
}

/** A terminal's stdin, with the raw mode that stops its echo. */
interface RawCapable {
  readonly isTTY?: boolean | undefined
  setRawMode?: (raw: boolean) => unknown
}

const controlC = '\u0003'
const controlD = '\u0004'
const erasers = new Set(['\u0008', '\u007f'])

/** The outcome of reading one line from what was typed so far. */
type Taken = { line: string; rest: string } | { interrupted: true } | undefined

/** The first line of `text`, up to `\n` (or `\r\n`); undefined when it has no end yet. */
function takeLine(text: string): Taken {
  const end = text.indexOf('\n')
  if (end === -1) return undefined
  return { line: text.slice(0, end).replace(/\r$/, ''), rest: text.slice(end + 1) }
}

/**
 * The first line of `text` typed in raw mode: up to Enter (`\r`, or `\n` typed ahead), with
 * backspaces applied; Ctrl-C interrupts; Ctrl-D on an empty line ends the input.
 */
function takeRawLine(text: string): Taken {
  let typed = ''
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index]!
    if (character === controlC) return { interrupted: true }
    if (character === controlD && typed === '') return { line: controlD, rest: text.slice(index + 1) }
    if (character === '\r' || character === '\n') {
      const next = character === '\r' && text[index + 1] === '\n' ? index + 2 : index + 1
      return { line: typed, rest: text.slice(next) }
    }
    typed = erasers.has(character) ? typed.slice(0, -1) : `${typed}${character}`
  }
  return undefined
}

/** What was read from stdin and not yet answered, and a way to wait for more. */
class TypedInput {
  text = ''
  ended = false
  #wake: (() => void) | undefined
  readonly #decoder = new StringDecoder('utf8')
  readonly #input: Io['stdin']
  readonly #onData = (block: Buffer | string): void => {
    this.text += typeof block === 'string' ? block : this.#decoder.write(block)
    this.#wake?.()
  }
  readonly #onEnd = (): void => {
    this.ended = true
    this.#wake?.()
  }

  constructor(input: Io['stdin']) {
    this.#input = input
    input.on('data', this.#onData)
    input.on('end', this.#onEnd)
  }

  /** The next line `take` finds, or undefined at the end of input. */
  async next(take: (text: string) => Taken): Promise<string | { interrupted: true } | undefined> {
    for (;;) {
      const taken = take(this.text)
      if (taken !== undefined && 'interrupted' in taken) return taken
      if (taken !== undefined) {
        this.text = taken.rest
        return taken.line
      }
      if (this.ended) {
        const last = this.text
        this.text = ''
        return last === '' ? undefined : last
      }
      await new Promise<void>((resolve) => (this.#wake = resolve))
      this.#wake = undefined
    }
  }

  /** Let go of stdin (what was typed ahead and not asked for is dropped). */
  close(): void {
    this.#input.off('data', this.#onData)
    this.#input.off('end', this.#onEnd)
    this.#input.pause()
  }
}

/** A prompter over a program's stdin and stderr (an injected Io in tests). */
export function prompter(io: Io): Prompter {
  const typed = new TypedInput(io.stdin)
  const answer = (line: string | { interrupted: true } | undefined): string | undefined => {
    if (line === undefined || line === controlD) {
      io.stderr.write('\n')
      return undefined
    }
    if (typeof line !== 'string') {
      process.kill(process.pid, 'SIGINT')
      return undefined
    }
    return line.trim()
  }
  const terminal = io.stdin as Io['stdin'] & RawCapable
  return {
    ask: async (question) => {
      io.stderr.write(question)
      return answer(await typed.next(takeLine))
    },
    askSecret: async (question) => {
      if (terminal.isTTY !== true || typeof terminal.setRawMode !== 'function') {
        io.stderr.write(question)
        return answer(await typed.next(takeLine))
      }
      // Raw mode (before the question: keys typed once it shows are not echoed): the
      // terminal neither shows the keys typed nor turns Ctrl-C into a signal.
      terminal.setRawMode(true)
      io.stderr.write(question)
      try {
        const line = await typed.next(takeRawLine)
        if (typeof line === 'string' && line !== controlD) io.stderr.write('\n')
        return answer(line)
      } finally {
        terminal.setRawMode(false)
      }
    },
    close: () => typed.close(),
  }
}
