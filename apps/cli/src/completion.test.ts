import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { commands } from './command-table.js'
import { main } from './main.js'
import { Readable } from 'node:stream'
import { completionScript } from '@debusine-ts/cli-kit'
import { program } from './program-info.js'

async function run(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: Readable.from(['']),
    env: {},
    cwd: process.cwd(),
  })
  return { code, stdout, stderr }
}

describe('completion', () => {
  it('bash: valid syntax, completes groups, verbs and options, never legacy names', () => {
    const script = completionScript('bash', program, commands)
    expect(spawnSync('bash', ['-n'], { input: script }).status).toBe(0)
    const complete = (line: string): string[] => {
      const words = line.split(' ')
      const result = spawnSync(
        'bash',
        [
          '-c',
          `${script}\nCOMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _debusine_ts; printf '%s\\n' "\${COMPREPLY[@]}"`,
        ],
        { encoding: 'utf8' },
      )
      return result.stdout.split('\n').filter((word) => word !== '')
    }
    expect(complete('debusine-ts work-')).toEqual(['work-request'])
    expect(complete('debusine-ts work-request sh')).toEqual(['show'])
    expect(complete('debusine-ts --server x collection ')).toContain('list')
    expect(complete('debusine-ts work-request create --wa')).toEqual(['--wait'])
    expect(complete('debusine-ts show-')).toEqual([])
    expect(script).not.toContain('show-work-request')
  })

  it('zsh reuses the bash function through bashcompinit', () => {
    const script = completionScript('zsh', program, commands)
    expect(script.startsWith('#compdef debusine-ts')).toBe(true)
    expect(script).toContain('bashcompinit')
    expect(script).toContain('complete -F _debusine_ts debusine-ts')
  })

  it('fish: a condition per level, options with descriptions', () => {
    const script = completionScript('fish', program, commands)
    expect(script).toContain("-a 'work-request'")
    expect(script).toContain("-l wait -d 'follow the work request")
    expect(script).not.toContain('create-work-request')
  })

  it('the command prints the script and rejects unknown shells with exit 2', async () => {
    const bash = await run(['completion', 'bash'])
    expect(bash.code).toBe(0)
    expect(bash.stdout).toBe(completionScript('bash', program, commands))
    expect((await run(['completion', 'tcsh'])).code).toBe(2)
  })
})

describe('help and version', () => {
  it('--version prints the version', async () => {
    const result = await run(['--version'])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^debusine-ts \d+\.\d+\.\d+\n$/)
  })

  it('--help lists every command; a command --help comes from its declaration', async () => {
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    for (const command of commands) expect(help.stdout).toContain(command.path.join(' '))
    const show = await run(['work-request', 'show', '--help'])
    expect(show.stdout).toMatch(/^usage: debusine-ts work-request show \[options\] WORK_REQUEST_ID/)
    expect(show.stdout).toContain('Deprecated name: show-work-request')
    const group = await run(['collection', '--help'])
    expect(group.code).toBe(0)
    expect(group.stdout).toContain('show')
  })

  it('no command, an unknown command or a group without verb exit 2', async () => {
    expect((await run([])).code).toBe(2)
    expect((await run(['frobnicate'])).code).toBe(2)
    expect((await run(['work-request'])).code).toBe(2)
  })
})
