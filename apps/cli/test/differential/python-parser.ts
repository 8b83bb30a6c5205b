import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { realServer } from '../../../../tooling/vitest/real-server.js'

/** One action of a Python CLI (sub)parser, as `python-argparse.py` dumps it. */
export interface PythonAction {
  readonly strings: readonly string[]
  readonly dest: string
  readonly nargs: string | number | null
  readonly type: string | null
  readonly choices: readonly string[] | null
  readonly required: boolean
  readonly flag: boolean
  readonly append: boolean
}

/** One command of the Python CLI: its words and its actions. */
export interface PythonCommand {
  readonly path: readonly string[]
  readonly actions: readonly PythonAction[]
}

/** What argparse made of one command line. */
export interface PythonParse {
  readonly status: number
  readonly help?: boolean
  readonly options?: Readonly<Record<string, unknown>>
  readonly positionals?: readonly unknown[]
}

const script = fileURLToPath(new URL('python-argparse.py', import.meta.url))

function runPython(request: unknown): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'chroot',
      [realServer().serverRoot, 'env', '-i', 'PATH=/usr/bin:/bin', 'HOME=/root', 'python3', script],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) =>
      code === 0 ? resolve(stdout) : reject(new Error(`python-argparse.py exited ${code}: ${stderr}`)),
    )
    child.stdin.end(JSON.stringify(request))
  })
}

/** The Python CLI's commands and their actions, from its own parser. */
export async function pythonCommands(): Promise<PythonCommand[]> {
  return JSON.parse(await runPython({ dump: true })) as PythonCommand[]
}

/** Parse every command line with the Python CLI's parser, in one Python process. */
export async function pythonParse(argvs: readonly (readonly string[])[]): Promise<PythonParse[]> {
  const lines = (await runPython({ argvs })).trim().split('\n')
  return lines.map((line) => JSON.parse(line) as PythonParse)
}
