import { freshWorkspace } from '../../../../tooling/vitest/real-server.js'
import { runCli, writeConfig } from './run-cli.js'

/**
 * A fresh workspace on the real server with what the `archive` commands need: the suites
 * `sid` and `trixie` (main, amd64) and the QA results collection `qa`; and a config file
 * that makes it the default workspace.
 */
export async function archiveWorkspace(label: string): Promise<{ workspace: string; config: string }> {
  const workspace = await freshWorkspace(label)
  const config = writeConfig({ workspace })
  const collections = [
    ['debian:suite', 'sid', 'components: [main]\narchitectures: [amd64]\n'],
    ['debian:suite', 'trixie', 'components: [main]\narchitectures: [amd64]\n'],
    ['debian:qa-results', 'qa', '{}\n'],
  ]
  for (const [category, name, data] of collections) {
    const created = await runCli(
      ['--config-file', config, 'collection', 'create', category!, name!, '--json'],
      {
        stdin: data,
      },
    )
    if (created.code !== 0) throw new Error(`creating the ${category} collection ${name}: ${created.stderr}`)
  }
  return { workspace, config }
}
