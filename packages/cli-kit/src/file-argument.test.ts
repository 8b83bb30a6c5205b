import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cannotOpenArgument, pythonOsErrorText } from './file-argument.js'

const failureOf = (path: string): Promise<unknown> =>
  readFile(path).then(
    () => undefined,
    (error: unknown) => error,
  )

describe('file arguments in argparse words', () => {
  const directory = mkdtempSync(join(tmpdir(), 'file-argument-'))

  it("words a missing file and a directory as Python's OSError does", async () => {
    const missing = join(directory, 'missing.yaml')
    expect(pythonOsErrorText(await failureOf(missing), missing)).toBe(
      `[Errno 2] No such file or directory: '${missing}'`,
    )
    expect(pythonOsErrorText(await failureOf(directory), directory)).toBe(
      `[Errno 21] Is a directory: '${directory}'`,
    )
  })

  it("keeps Node's message for an error without a known code", () => {
    expect(pythonOsErrorText(new Error('odd'), 'x')).toBe('odd')
  })

  it('is a usage error naming the option and the file', async () => {
    const missing = join(directory, 'gone')
    const error = cannotOpenArgument('--data', missing, await failureOf(missing), ['work-request', 'create'])
    expect(error.message).toBe(
      `argument --data: can't open '${missing}': [Errno 2] No such file or directory: '${missing}'`,
    )
    expect(error.command).toEqual(['work-request', 'create'])
  })
})
