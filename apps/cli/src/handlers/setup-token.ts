import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { text as streamText } from 'node:stream/consumers'
import { CliError, cannotOpenArgument, type CommandContext } from '@debusine-ts/cli-kit'

/**
 * The token of `setup --token-file FILE`: the first line of FILE, or of standard input for
 * `-`, trimmed. The token is never quoted in an error.
 *
 * @throws {CliError} when the file cannot be read or its first line is empty
 */
export async function readTokenFile(context: CommandContext, source: string): Promise<string> {
  let text: string
  if (source === '-') text = await streamText(context.io.stdin)
  else {
    try {
      text = await readFile(resolve(context.io.cwd, source), 'utf8')
    } catch (error) {
      throw cannotOpenArgument('--token-file', source, error, context.path)
    }
  }
  const token = (text.split(/\r?\n/, 1)[0] ?? '').trim()
  if (token === '') {
    const where = source === '-' ? 'standard input' : source
    throw new CliError(`--token-file: the first line of ${where} is empty; expected the API token.`)
  }
  return token
}

/** The warning of `setup --token`: the value is visible to every user of the machine. */
export const tokenOptionWarning =
  '--token shows the token to other users (ps) and in the shell history: prefer --token-file FILE or --token-file -'
