/**
 * Run the bundled action (`dist/index.js`) exactly as a runner does: `node` on the file, the
 * inputs in `INPUT_*` variables (upper case, hyphens kept), `GITHUB_OUTPUT`,
 * `GITHUB_STEP_SUMMARY`, `GITHUB_ACTIONS=true`, `RUNNER_TEMP`, and no stdin.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * The committed bundle, or the one `DEBUSINE_TS_ACTION_BUNDLE` names (sources not bundled
 * into dist yet, built from apps/action with
 * `node ../../tooling/scripts/bundle-file.mjs src/index.ts FILE`).
 */
export const ACTION =
  process.env.DEBUSINE_TS_ACTION_BUNDLE ?? fileURLToPath(new URL('../../dist/index.js', import.meta.url))

/** What one run of the action left. */
export interface ActionRun {
  code: number | null
  stdout: string
  stderr: string
  /** The step's outputs, read back from the `GITHUB_OUTPUT` file. */
  outputs: Record<string, string>
  /** The `GITHUB_OUTPUT` file as written. */
  outputFile: string
  /** The `GITHUB_STEP_SUMMARY` file as written. */
  summary: string
}

/** Read a `GITHUB_OUTPUT` file (`name<<DELIMITER`, the value lines, `DELIMITER`). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {}
  const lines = text.split('\n')
  for (let index = 0; index < lines.length; index += 1) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[index] ?? '')
    if (match === null) continue
    const [, name = '', delimiter] = match
    const end = lines.indexOf(delimiter ?? '', index + 1)
    if (end < 0) throw new Error(`output ${name}: no closing delimiter`)
    outputs[name] = lines.slice(index + 1, end).join('\n')
    index = end
  }
  return outputs
}

/** Options of {@link runAction}. */
export interface RunOptions {
  /** The working directory (the runner's checkout); default a fresh directory. */
  cwd?: string
  /** Called with each chunk of stdout as it arrives. */
  onStdout?: (soFar: string) => void
}

/** Run the bundled action with `inputs` (named as in action.yml). */
export function runAction(
  inputs: Readonly<Record<string, string>>,
  options: RunOptions = {},
): Promise<ActionRun> {
  const runnerTemp = mkdtempSync(join(tmpdir(), 'debusine-ts-action-runner-'))
  const outputPath = join(runnerTemp, 'output')
  const summaryPath = join(runnerTemp, 'summary')
  writeFileSync(outputPath, '')
  writeFileSync(summaryPath, '')
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: runnerTemp,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: outputPath,
    GITHUB_STEP_SUMMARY: summaryPath,
  }
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value
  const child = spawn(process.execPath, [ACTION], {
    cwd: options.cwd ?? runnerTemp,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
    options.onStdout?.(stdout)
  })
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => {
      const outputFile = readFileSync(outputPath, 'utf8')
      resolve({
        code,
        stdout,
        stderr,
        outputs: parseOutputFile(outputFile),
        outputFile,
        summary: readFileSync(summaryPath, 'utf8'),
      })
    })
  })
}
