import type { CommandSpec } from '@debusine-ts/cli-kit'
import { text } from './option-specs.js'

/** `setup`: the config file editor. */
export const setupCommands = {
  setup: {
    path: ['setup'],
    summary: 'configure a server in the config file (interactive on a terminal)',
    description:
      'On a terminal: a menu of the configured and known servers (debian, freexian, localhost) and new, then url, token, scope, workspace, default, save, quit. Saving without a token gets one by enrollment (confirm in the web interface). For scripts: --server NAME with --api-url, --scope, --workspace, --token-file (or --token) or --enroll; never prompts. On a terminal the token is read without echo.',
    options: {
      apiUrl: { ...text('URL', "the server's /api URL"), python: false },
      token: {
        ...text('TOKEN', 'the API token (shows in ps and the shell history: prefer --token-file)'),
        python: false,
      },
      tokenFile: {
        ...text('FILE', 'read the API token from the first line of FILE ("-": standard input)'),
        python: false,
      },
      workspace: { ...text('WORKSPACE', 'the default workspace ("-" to unset)'), short: 'w', python: false },
      default: { kind: 'flag', python: false, summary: 'make it the default server' },
      enroll: {
        kind: 'flag',
        python: false,
        summary: 'get a new token by enrollment (prints the address to confirm in the web interface)',
      },
    },
    examples: [
      'setup',
      'setup --server debian --enroll',
      'setup --server local --api-url http://localhost:8000/api/ --scope debusine --token-file token.txt --default',
      'printf %s "$TOKEN" | setup --server local --token-file -',
    ],
    offline: true,
    output: 'none',
  },
} as const satisfies Record<string, CommandSpec>
