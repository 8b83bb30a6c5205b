import { createInterface } from 'node:readline'
import type { Io } from './io.js'

/** Asks questions on a terminal: the question on stderr, the answer a line of stdin. */
export interface Prompter {
  /** The answer, trimmed; undefined at the end of input (Ctrl-D). */
  ask(question: string): Promise<string | undefined>
  /** Stop reading stdin. */
  close(): void
}

/** A prompter over a program's stdin and stderr (an injected Io in tests). */
export function prompter(io: Io): Prompter {
  const lines = createInterface({ input: io.stdin, terminal: false })
  const iterator = lines[Symbol.asyncIterator]()
  return {
    ask: async (question) => {
      io.stderr.write(question)
      const next = await iterator.next()
      if (next.done === true) {
        io.stderr.write('\n')
        return undefined
      }
      return next.value.trim()
    },
    close: () => lines.close(),
  }
}
