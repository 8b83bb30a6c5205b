import { realServer } from '../../../../tooling/vitest/real-server.js'

/** One guided `setup` session: the same answers typed into both CLIs. */
export interface SetupCase {
  readonly name: string
  /** The command line after `--config-file FILE`. */
  readonly argv: readonly string[]
  /** One answer per line, as typed. */
  readonly answers: readonly string[]
  /** The config file there before the session (none if absent). */
  readonly existing?: string
}

/** `setup` and `setup --yaml` sessions whose outcome is the config file they leave. */
export function setupCases(): SetupCase[] {
  const server = realServer()
  const newServer = [
    'new',
    server.apiUrl,
    'url',
    server.apiUrl,
    'scope',
    server.scope,
    'token',
    server.token,
    'workspace',
    server.workspace,
  ]
  const existing = [
    '# kept',
    '[General]',
    'default-server = other',
    '',
    '[server:other]',
    'api-url = https://other.example.org/api/',
    'scope = debusine',
    `token = ${'0'.repeat(64)}`,
    '',
    '[server:real]',
    `api-url = ${server.apiUrl}`,
    `scope = ${server.scope}`,
    `token = ${server.token}`,
    'default-workspace = System',
    '',
  ].join('\n')
  return [
    { name: 'a new server, saved', argv: ['setup'], answers: [...newServer, 'save'] },
    { name: 'a new server, --yaml', argv: ['setup', '--yaml'], answers: [...newServer, 'save'] },
    { name: 'quit writes nothing', argv: ['setup'], answers: ['1', 'quit'] },
    {
      name: 'the second server of the menu: another workspace, made the default',
      argv: ['setup'],
      answers: ['2', 'workspace', 'other-workspace', 'default', 'save'],
      existing,
    },
  ]
}
