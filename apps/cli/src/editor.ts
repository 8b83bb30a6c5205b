import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { CliError } from './cli-error.js'
import type { Io } from './io.js'

/**
 * Let the user edit `text` in their editor (`$VISUAL`, `$EDITOR`, else `sensible-editor`,
 * as the Python client) and return the result. Only on a terminal: a script would wait
 * forever for an editor it cannot see.
 *
 * @throws {CliError} without a terminal, or when the editor fails
 */
export async function editText(io: Io, text: string, suffix = '.yaml'): Promise<string> {
  if (io.stdin.isTTY !== true || io.stdout.isTTY !== true) {
    throw new CliError('Editing needs a terminal (stdin and stdout must be a TTY).', {
      hint: 'Use the non-interactive options of the command instead (e.g. --data, --set).',
    })
  }
  const editor = io.env.VISUAL ?? io.env.EDITOR ?? 'sensible-editor'
  const directory = await mkdtemp(join(tmpdir(), 'debusine-ts-edit-'))
  const file = join(directory, `edit${suffix}`)
  try {
    await writeFile(file, text, { mode: 0o600 })
    const code = await new Promise<number | null>((resolve, reject) => {
      // The editor command may carry arguments (EDITOR="code -w"), as shells split it.
      const child = spawn('sh', ['-c', `${editor} "$1"`, 'sh', file], { stdio: 'inherit', env: io.env })
      child.on('error', reject)
      child.on('exit', resolve)
    })
    if (code !== 0) throw new CliError(`The editor (${editor}) exited with status ${code ?? 'unknown'}.`)
    return await readFile(file, 'utf8')
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}
