/**
 * The README's example workflow, read from the README itself, so the tests run what users
 * copy: the build step's script and the action step's inputs.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

interface Step {
  name?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  'working-directory'?: string
}

/** What the tests take from the example. */
export interface ReadmeExample {
  /** The build step: its script and working directory. */
  build: { run: string; workingDirectory: string }
  /** The action step's inputs, with `${{ vars.X }}` and `${{ secrets.X }}` still in them. */
  inputs: Record<string, string>
}

/** The example of `apps/action/README.md` (its first `yaml` block). */
export function readmeExample(): ReadmeExample {
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')
  const block = /```yaml\n([\s\S]*?)```/.exec(readme)?.[1]
  if (block === undefined) throw new Error('no yaml block in the README')
  const workflow = parse(block) as { jobs: Record<string, { steps: Step[] }> }
  const steps = Object.values(workflow.jobs)[0]?.steps ?? []
  const build = steps.find((step) => step.run?.includes('dpkg-source') === true)
  const action = steps.find((step) => step.uses?.includes('/apps/action@') === true)
  if (build?.run === undefined || action?.with === undefined) throw new Error('the example lacks a step')
  return {
    build: { run: build.run, workingDirectory: build['working-directory'] ?? '.' },
    inputs: Object.fromEntries(Object.entries(action.with).map(([name, value]) => [name, String(value)])),
  }
}

/** Replace each `${{ vars.NAME }}` and `${{ secrets.NAME }}` with `values[NAME]`. */
export function substitute(
  inputs: Record<string, string>,
  values: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [
      name,
      value.replaceAll(/\$\{\{\s*(?:vars|secrets)\.(\w+)\s*\}\}/g, (_, key: string) => {
        const replacement = values[key]
        if (replacement === undefined) throw new Error(`the example uses ${key}, which the test does not set`)
        return replacement
      }),
    ]),
  )
}
