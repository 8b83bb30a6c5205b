import { hostname } from 'node:os'
import {
  defaultConfigFile,
  lintApiUrl,
  readConfigForSetup,
  saveServerSetup,
  serverFromInput,
  serverSetupFor,
  setupServerChoices,
  type IniFile,
  type ServerSetup as ServerDraft,
} from '@debusine-ts/client'
import { cliVersion } from '../version.js'
import {
  CliError,
  type CommandContext,
  type HandlerOf,
  type ValuesOf,
  type Prompter,
  prompter,
} from '@debusine-ts/cli-kit'
import type { setupCommands } from './setup.commands.js'
import { readTokenFile, tokenOptionWarning } from './setup-token.js'

function draftFor(ini: IniFile, input: string, scope: string | undefined): ServerDraft {
  const draft = serverSetupFor(ini, input, scope)
  if (draft === undefined) throw new CliError(`'${input}' is neither a server name nor a URL.`)
  return draft
}

function describe(draft: ServerDraft): string {
  return [
    `Server ${draft.name}:`,
    `  url:       ${draft.apiUrl}`,
    `  scope:     ${draft.scope}`,
    `  token:     ${draft.token === '' ? '(none: saving will enroll a new one)' : '(set)'}`,
    `  workspace: ${draft.defaultWorkspace ?? '(server default)'}`,
    `  default:   ${draft.makeDefault ? 'yes' : 'no'}`,
    '',
  ].join('\n')
}

/**
 * Get a token by enrollment (docs/protocol.md §8): print the confirmation address and the
 * challenge, try to open a browser, wait for the confirmation.
 */
async function enrollToken(context: CommandContext, draft: ServerDraft): Promise<string> {
  const { enroll, openInBrowser } = await import('@debusine-ts/enroll')
  const result = await enroll(
    {
      apiUrl: draft.apiUrl,
      scope: draft.scope,
      hostname: hostname(),
      userAgent: `debusine-ts-cli/${cliVersion()}`,
    },
    {
      signal: context.signal,
      onConfirmationPending: async ({ confirmUrl, challenge }) => {
        context.io.stderr.write(
          `To get a token, confirm this client in the web interface of ${draft.name}:\n  ${confirmUrl}\n` +
            `The page must show these words: ${challenge}\nWaiting for the confirmation…\n`,
        )
        await openInBrowser(confirmUrl, { env: context.io.env })
      },
    },
  )
  return result.token
}

async function save(context: CommandContext, file: string, draft: ServerDraft): Promise<void> {
  await saveServerSetup(file, draft)
  context.feedback(`Configuration of ${draft.name} saved to ${file}.`)
  await context.print({
    json: {
      result: 'success',
      server: draft.name,
      api_url: draft.apiUrl,
      scope: draft.scope,
      default_workspace: draft.defaultWorkspace ?? null,
      config_file: file,
    },
    yaml: { result: 'success', server: draft.name, config_file: file },
    human: () => '',
  })
}

async function chooseServer(
  ask: Prompter,
  context: CommandContext,
  ini: IniFile,
): Promise<string | undefined> {
  const servers = setupServerChoices(ini)
  const choices = servers.map((server) => server.name)
  const menu = servers.map(
    (server, index) => `  ${index + 1}. ${server.name}${server.configured ? ' (configured)' : ''}`,
  )
  context.io.stderr.write(`Servers:\n${menu.join('\n')}\n  ${choices.length + 1}. new\n`)
  for (;;) {
    const answer = await ask.ask('Server (number, name, or new): ')
    if (answer === undefined || answer === '' || answer === 'quit') return undefined
    const number = /^\d+$/.test(answer) ? Number(answer) : undefined
    if (answer === 'new' || number === choices.length + 1) {
      const input = await ask.ask('New server name or URL: ')
      return input === '' ? undefined : input
    }
    if (number !== undefined && number >= 1 && number <= choices.length) return choices[number - 1]
    if (!/^\d+$/.test(answer)) return answer
    context.warn(`no server number ${answer}`)
  }
}

const actions = ['url', 'token', 'scope', 'workspace', 'default', 'save', 'quit'] as const

/** The menu of one server; returns the draft to save, or undefined to quit. */
async function editServer(
  ask: Prompter,
  context: CommandContext,
  file: string,
  draft: ServerDraft,
): Promise<number> {
  for (;;) {
    context.io.stderr.write(describe(draft))
    for (const warning of lintApiUrl(draft.apiUrl)) context.warn(warning)
    const menu = actions.map((action, index) => `${index + 1}.${action}`).join('  ')
    const answer = await ask.ask(`${menu}\nAction: `)
    if (answer === undefined) return 0
    const action = /^\d+$/.test(answer)
      ? actions[Number(answer) - 1]
      : actions.find((name) => name === answer)
    switch (action) {
      case 'url': {
        const value = await ask.ask(`URL of the /api [${draft.apiUrl}]: `)
        if (value !== undefined && value !== '') draft.apiUrl = value
        break
      }
      case 'token': {
        const value = await ask.askSecret(
          'Token (not shown; empty to clear it and enroll a new one on save): ',
        )
        if (value !== undefined) draft.token = value
        break
      }
      case 'scope': {
        const value = await ask.ask(`Scope [${draft.scope}]: `)
        if (value !== undefined && value !== '') draft.scope = value
        break
      }
      case 'workspace': {
        const value = await ask.ask(`Default workspace [${draft.defaultWorkspace ?? ''}] (- to unset): `)
        if (value === '-') draft.defaultWorkspace = undefined
        else if (value !== undefined && value !== '') draft.defaultWorkspace = value
        break
      }
      case 'default':
        draft.makeDefault = true
        break
      case 'save': {
        while (draft.token === '') {
          try {
            draft.token = await enrollToken(context, draft)
          } catch (error) {
            if (context.signal.aborted) throw error
            context.io.stderr.write(`Enrollment failed: ${(error as Error).message}\n`)
            const retry = await ask.ask('Retry? [Y/n] ')
            if (retry === undefined || /^n/i.test(retry)) return 3
          }
        }
        await save(context, file, draft)
        return 0
      }
      case 'quit':
        return 0
      case undefined:
        context.warn(`unknown action '${answer}': choose one of ${actions.join(', ')}`)
    }
  }
}

/** Setup from options only (for scripts): never prompts. */
async function nonInteractive(
  context: CommandContext,
  values: ValuesOf<typeof setupCommands.setup>,
  file: string,
  ini: IniFile,
): Promise<number> {
  const apiUrl = values.apiUrl
  const name = context.global.server ?? (apiUrl === undefined ? undefined : serverFromInput(apiUrl).name)
  if (name === undefined) {
    throw new CliError('setup without a terminal needs --server NAME (or --api-url URL).', {
      hint: 'e.g. debusine-ts setup --server NAME --api-url https://HOST/api/ --scope SCOPE --token-file FILE',
    })
  }
  const draft = draftFor(ini, name, context.global.scope)
  const { token, tokenFile, workspace } = values
  if (token !== undefined && tokenFile !== undefined) {
    throw new CliError('--token and --token-file both give the token: pass only one (--token-file).')
  }
  if (apiUrl !== undefined) draft.apiUrl = apiUrl
  if (token !== undefined) {
    context.warn(tokenOptionWarning)
    draft.token = token
  }
  if (tokenFile !== undefined) draft.token = await readTokenFile(context, tokenFile)
  if (workspace !== undefined) draft.defaultWorkspace = workspace === '-' ? undefined : workspace
  if (values.default) draft.makeDefault = true
  if (values.enroll) draft.token = ''
  for (const warning of lintApiUrl(draft.apiUrl)) context.warn(warning)
  if (draft.token === '') {
    if (!values.enroll) {
      throw new CliError(`No token for ${draft.name}.`, {
        hint: 'Pass --token-file FILE (- for standard input), or --enroll to get one by confirming in the web interface.',
      })
    }
    draft.token = await enrollToken(context, draft)
  }
  await save(context, file, draft)
  return 0
}

/**
 * `setup`: edit the configuration file. On a terminal without setup options: menus (server,
 * then url/token/scope/workspace/default/save/quit). Otherwise from the options, for scripts.
 */
export const setup: HandlerOf<typeof setupCommands.setup> = async (context, values) => {
  const file = context.global.configFile ?? defaultConfigFile(context.io.env)
  const ini = await readConfigForSetup(file)
  const { apiUrl, token, tokenFile, workspace } = values
  const scripted =
    [apiUrl, token, tokenFile, workspace].some((value) => value !== undefined) ||
    values.default ||
    values.enroll
  if (scripted || context.io.stdin.isTTY !== true) return nonInteractive(context, values, file, ini)
  const ask = prompter(context.io)
  try {
    const chosen = context.global.server ?? (await chooseServer(ask, context, ini))
    if (chosen === undefined) return 0
    return await editServer(ask, context, file, draftFor(ini, chosen, context.global.scope))
  } finally {
    ask.close()
  }
}
