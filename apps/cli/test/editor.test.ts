import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  freshWorkspace,
  noopData,
  noopYaml,
  requires,
  serverBefore,
  uniqueName,
} from '../../../tooling/vitest/real-server.js'
import { runCli, writeConfig } from './support/run-cli.js'

// The $EDITOR paths, end to end: the built binary runs under a pseudo-terminal (script(1)),
// EDITOR is a shell script that rewrites the file it is given, and the server's state is
// read back afterwards. (`pnpm --filter @debusine-ts/cli build` first, as test/bin.test.ts.)

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))
let config: string
let workspace: string
let directory: string

const cli = (argv: string[], stdin?: string) => runCli(['--config-file', config, ...argv], { stdin })

/** An editor that replaces the edited file with `content` (and keeps a copy of what it was shown). */
function editor(name: string, content: string): string {
  const replacement = join(directory, `${name}.content`)
  writeFileSync(replacement, content)
  const script = join(directory, `${name}.sh`)
  writeFileSync(
    script,
    `#!/bin/sh\ncp "$1" "${join(directory, `${name}.shown`)}"\ncat "${replacement}" > "$1"\n`,
  )
  chmodSync(script, 0o755)
  return script
}

/** Run the built CLI on a pseudo-terminal, typing `answers` on it. */
function onTerminal(
  argv: string[],
  editorScript: string,
  answers = '',
): Promise<{ code: number; output: string }> {
  const command = [process.execPath, bin, '--config-file', config, ...argv]
    .map((word) => `'${word.replace(/'/g, `'\\''`)}'`)
    .join(' ')
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qefc', command, '/dev/null'], {
      env: { ...process.env, EDITOR: editorScript, VISUAL: '', HOME: directory, TERM: 'dumb' },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      // Answer the retry question once it is asked.
      if (answers !== '' && output.includes('(y/n)>')) {
        child.stdin.write(answers)
        answers = ''
      }
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code: code ?? -1, output }))
  })
}

beforeAll(async () => {
  workspace = await freshWorkspace('cli-editor')
  config = writeConfig({ workspace })
  directory = mkdtempSync(join(tmpdir(), 'debusine-ts-editor-'))
})

describe('editing in $EDITOR on a terminal', () => {
  it('workflow-template edit saves what the editor wrote', async () => {
    const name = uniqueName('edit')
    const created = await cli(
      ['workflow-template', 'create', 'noop', name, '--json'],
      'static_parameters: {}\n',
    )
    expect(created.code, created.stderr).toBe(0)
    // By id: before 0.13.0 a template has no name in paths; and templates have `restricted`
    // from 0.14.10 (an older server's answer lacks it, and the client refuses to set it).
    const { id } = JSON.parse(created.stdout) as { id: number }
    const restricted = !serverBefore('0.14.10')
    const script = editor(
      'template',
      `static_parameters:\n  ${noopYaml('failure')}runtime_parameters: {}\nextra_groups: []\nrestricted: ${restricted}\n`,
    )
    const run = await onTerminal(['workflow-template', 'edit', String(id)], script)
    expect(run.code, run.output).toBe(0)
    const shown = await cli(['workflow-template', 'show', String(id), '--json'])
    expect(JSON.parse(shown.stdout)).toMatchObject({
      name,
      static_parameters: noopData('failure'),
      restricted,
    })
  })
})

requires('collections.relations').describe('collection relation edit in $EDITOR on a terminal', () => {
  beforeAll(async () => {
    for (const name of ['a', 'b', 'c']) {
      const created = await cli(
        ['collection', 'create', 'debian:suite', name],
        'components: [main]\narchitectures: [amd64]\n',
      )
      expect(created.code, created.stderr).toBe(0)
    }
  })

  it('collection relation edit --edit replaces the targets with the edited list', async () => {
    const script = editor('relation', '- b@debian:suite\n- c@debian:suite\n')
    const run = await onTerminal(
      ['collection', 'relation', 'edit', 'a@debian:suite', 'suite-requires', '--edit'],
      script,
    )
    expect(run.code, run.output).toBe(0)
    const listed = await cli(['collection', 'relation', 'list', '--from', 'a@debian:suite', '--json'])
    const targets = (JSON.parse(listed.stdout) as { target_collection: { name: string } }[]).map(
      (relation) => relation.target_collection.name,
    )
    expect(targets).toEqual(['b', 'c'])
  })
})

requires('workspaces.inheritance').describe('workspace inheritance in $EDITOR on a terminal', () => {
  it('workspace inheritance --edit sets the chain; a refused chain offers another edit', async () => {
    const refused = editor('refused', '- workspace: nonexistent-workspace\n')
    const declined = await onTerminal(['workspace', 'inheritance', '--edit'], refused, 'n\r')
    expect(declined.code, declined.output).toBe(0)
    expect(declined.output).toContain('Error setting workspace inheritance:')
    expect(declined.output).toContain('result: failure')
    const script = editor('chain', '- workspace: System\n')
    const run = await onTerminal(['workspace', 'inheritance', '--edit'], script)
    expect(run.code, run.output).toBe(0)
    const chain = await cli(['workspace', 'inheritance', '--json'])
    expect((JSON.parse(chain.stdout) as { chain: { workspace: string }[] }).chain).toMatchObject([
      { workspace: 'System' },
    ])
  })
})
