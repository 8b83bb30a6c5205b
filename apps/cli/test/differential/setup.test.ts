import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseIni } from '@debusine-ts/client'
import { describe, expect, it } from 'vitest'
import { runOurs, runPython, sharedDirectory } from './harness.js'
import { setupCases, type SetupCase } from './setup-cases.js'

// Guided `setup`: the same answers into both CLIs (ours on a terminal; the Python CLI reads
// them from a pipe), the same exit code and the same config file, sections and keys.

/** The config file a session left, parsed (null: none written). */
function configOf(file: string): unknown {
  if (!existsSync(file)) return null
  const sections = parseIni(readFileSync(file, 'utf8'))
  return Object.fromEntries([...sections].map(([name, keys]) => [name, Object.fromEntries(keys)]))
}

async function session(entry: SetupCase, run: typeof runOurs): Promise<{ code: number; config: unknown }> {
  const file = join(sharedDirectory('setup'), 'config.ini')
  if (entry.existing !== undefined) writeFileSync(file, entry.existing, { mode: 0o600 })
  const stdin = entry.answers.map((answer) => `${answer}\n`).join('')
  const result = await run(['--config-file', file, ...entry.argv], { stdin, terminal: true })
  return { code: result.code, config: configOf(file) }
}

describe('setup, the same session through both CLIs', () => {
  it.each(setupCases().map((entry) => [entry.name, entry] as const))('%s', async (_name, entry) => {
    const [python, ours] = await Promise.all([session(entry, runPython), session(entry, runOurs)])
    expect(ours).toEqual(python)
  })
})
