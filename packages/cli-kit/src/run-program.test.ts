import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { CliError } from './cli-error.js'
import type { CommandContext } from './command-context.js'
import { defineCommand } from './declared-command.js'
import type { Io } from './io.js'
import type { ProgramInfo } from './program.js'
import { runProgram, type Program } from './run-program.js'
import { commonOptions, globalOptions, optionalDataOption } from './standard-options.js'

const info: ProgramInfo = {
  name: 'my-tool',
  summary: 'a tool built on the kit',
  globalOptions,
  commonOptions,
}

/** Greets NAME, signed by the `from` of the `--data` mapping. */
async function greetHandler(
  context: CommandContext,
  values: { name: string; times: number; data: string | undefined },
): Promise<void> {
  if (values.name === 'nobody') throw new CliError('nobody to greet', { hint: 'Give a name.' })
  const data = await context.readData(values.data)
  const greeting = {
    greeting: `hello ${values.name}`,
    from: typeof data.from === 'string' ? data.from : 'me',
    times: values.times,
  }
  await context.print({
    json: greeting,
    human: () => `${greeting.greeting} from ${greeting.from} ×${values.times}\n`,
  })
}

const greet = defineCommand({
  path: ['greet'],
  summary: 'greet someone',
  options: {
    times: { kind: 'integer', valueName: 'N', default: 1, summary: 'how many times' },
    data: optionalDataOption,
  },
  arguments: { name: { name: 'NAME', summary: 'who' } },
  output: 'model',
  offline: true,
  handler: () => Promise.resolve(greetHandler),
})

const program: Program = { info, commands: [greet], version: () => '1.2.3', userAgent: () => 'my-tool/1.2.3' }

async function runWithInput(
  input: string,
  ...argv: string[]
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const io: Io = {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: Readable.from([input]),
    env: {},
    cwd: '/',
  }
  const code = await runProgram(program, argv, io)
  return { code, stdout, stderr }
}

const run = (...argv: string[]) => runWithInput('', ...argv)

describe('runProgram', () => {
  it('runs a command with its typed values, in the format asked for', async () => {
    expect(await run('greet', '--times', '2', 'ada')).toEqual({
      code: 0,
      stdout: 'hello ada from me ×2\n',
      stderr: '',
    })
    const json = await runWithInput('from: bob\n', 'greet', 'ada', '--json', '--data', '-')
    expect(JSON.parse(json.stdout)).toEqual({ greeting: 'hello ada', from: 'bob', times: 1 })
    // YAML read from stdin: a document marker first, as the Python client prints it.
    expect((await runWithInput('from: bob\n', 'greet', 'ada', '--yaml', '--data', '-')).stdout).toBe(
      '---\ngreeting: hello ada\nfrom: bob\ntimes: 1\n',
    )
  })

  it('answers --version and --help without running anything', async () => {
    expect(await run('--version')).toEqual({ code: 0, stdout: 'my-tool 1.2.3\n', stderr: '' })
    const help = await run('greet', '--help')
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('usage: my-tool greet')
    expect(help.stdout).toContain('--times N')
  })

  it('turns a bad command line into usage and exit 2, a handled error into its message and exit 3', async () => {
    const usage = await run('greet', '--times', 'x', 'ada')
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain("my-tool greet: error: argument --times: invalid int value: 'x'")
    const handled = await run('greet', 'nobody')
    expect(handled).toEqual({ code: 3, stdout: '', stderr: 'Error: nobody to greet\nGive a name.\n' })
  })
})
