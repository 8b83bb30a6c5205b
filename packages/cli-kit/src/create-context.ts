import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { text as streamText } from 'node:stream/consumers'
import type { Logger } from '@debusine-ts/transport'
import type { ConfiguredServer, DebusineClient } from '@debusine-ts/client'
import { CliError } from './cli-error.js'
import type {
  CommandContext,
  GlobalOptions,
  OutputFormat,
  OutputStyle,
  Printable,
} from './command-context.js'
import { cannotOpenArgument } from './file-argument.js'
import type { Io } from './io.js'
import { writeJsonList, writeYamlList } from './list-output.js'
import { toYaml } from './yaml-output.js'

/** What {@link createContext} needs to know about the run. */
export interface ContextSettings {
  readonly io: Io
  readonly path: readonly string[]
  readonly output: OutputStyle
  readonly global: GlobalOptions
  readonly format: OutputFormat
  /** Named by a legacy flat name. */
  readonly legacy?: boolean
  readonly signal: AbortSignal
  /** The `User-Agent` of the client's requests, e.g. `debusine-ts-cli/1.2.0`. */
  readonly userAgent: string
}

/**
 * Log lines on stderr, passed through `redacted`: everything with `--debug http|all`, else
 * warnings (not with --silent) and errors. A quiet level is a no-op: what the transport logs
 * per request is neither redacted nor formatted for nothing.
 */
function stderrLogger(io: Io, global: GlobalOptions, redacted: (logger: Logger) => Logger): Logger {
  const line =
    (level: string) =>
    (message: string, fields?: Readonly<Record<string, unknown>>): void => {
      io.stderr.write(`[${level}] ${message}${fields === undefined ? '' : ` ${JSON.stringify(fields)}`}\n`)
    }
  const loud = redacted({
    debug: line('debug'),
    info: line('info'),
    warn: line('warning'),
    error: line('error'),
  })
  if (global.debug.includes('http') || global.debug.includes('all')) return loud
  const quiet = (): undefined => undefined
  return { ...loud, debug: quiet, info: quiet, ...(global.silent ? { warn: quiet } : {}) }
}

async function newClient(context: ContextSettings, settings: ConfiguredServer): Promise<DebusineClient> {
  const { io, global } = context
  const [{ DebusineClient }, { redactingLogger }] = await Promise.all([
    import('./client-modules.js'),
    import('@debusine-ts/transport'),
  ])
  return new DebusineClient({
    apiUrl: settings.apiUrl,
    token: settings.token,
    scope: settings.scope,
    workspace: settings.defaultWorkspace,
    timeout: settings.timeoutMs,
    caFile: settings.caFile,
    userAgent: context.userAgent,
    logger: stderrLogger(io, global, (logger) => redactingLogger(logger, [settings.token])),
  })
}

/** Python's name of the type of a parsed YAML value, for messages matching the Python client's. */
function pythonType(value: unknown): string {
  if (value === null) return 'NoneType'
  if (Array.isArray(value)) return 'list'
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'float'
  return typeof value === 'string' ? 'str' : typeof value === 'boolean' ? 'bool' : typeof value
}

/** The YAML mapping of `--data` (`-`: stdin, where empty input means `{}`). */
async function readData(io: Io, path: readonly string[], source: string): Promise<Record<string, unknown>> {
  let text: string
  if (source === '-') {
    if (io.stdin.isTTY === true) io.stderr.write('Enter the YAML data, then Ctrl-D on an empty line:\n')
    text = await streamText(io.stdin)
    if (text.trim() === '') return {}
  } else {
    try {
      text = await readFile(resolve(io.cwd, source), 'utf8')
    } catch (error) {
      throw cannotOpenArgument('--data', source, error, path)
    }
    if (text.trim() === '') throw new CliError(`data must be a dictionary. It is empty (${source}).`)
  }
  const { parse } = await import('yaml')
  let value: unknown
  try {
    value = parse(text)
  } catch (error) {
    const input = source === '-' ? 'standard input' : source
    throw new CliError(`parsing YAML of ${input}: ${(error as Error).message}`, {
      hint: 'Fix the YAML data.',
    })
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new CliError(`data must be a dictionary. It is: ${pythonType(value)}`)
  }
  return { ...value }
}

async function* map<Item, Value>(
  items: AsyncIterable<Item>,
  convert: (item: Item) => Value,
): AsyncGenerator<Value> {
  for await (const item of items) yield convert(item)
}

/** The context a handler gets: lazy server settings and client, input, and output in the chosen format. */
export function createContext(settings: ContextSettings): CommandContext {
  const { io, global, format } = settings
  let serverPromise: Promise<ConfiguredServer> | undefined
  let clientPromise: Promise<DebusineClient> | undefined
  let dataFromStdin = false
  // The client (and its config reader) loads only when a command needs the server.
  const server = (): Promise<ConfiguredServer> =>
    (serverPromise ??= import('./client-modules.js')
      .then(({ readClientConfig }) =>
        readClientConfig({
          server: global.server,
          scope: global.scope,
          configFile: global.configFile,
          env: io.env,
        }),
      )
      .then((configured) => {
        // Even with --silent: they are about the safety of the token, once per run.
        for (const warning of configured.warnings) io.stderr.write(`Warning: ${warning}\n`)
        return configured
      }))
  const workspace = async (given: string | undefined): Promise<string> =>
    given ?? (await server()).defaultWorkspace
  const client = (): Promise<DebusineClient> =>
    (clientPromise ??= server().then((configured) => newClient(settings, configured)))
  return {
    io,
    path: settings.path,
    global,
    format,
    legacy: settings.legacy === true,
    signal: settings.signal,
    server,
    client,
    workspace,
    inWorkspace: async (given) => ({ workspace: await workspace(given), signal: settings.signal }),
    readData: async (source) => {
      if (source === undefined) return {}
      if (source === '-') dataFromStdin = true
      return readData(io, settings.path, source)
    },
    print: async (result: Printable) => {
      if (format === 'json') io.stdout.write(`${JSON.stringify(result.json, null, 2)}\n`)
      else if (format === 'yaml' || settings.output === 'yaml' || result.human === undefined) {
        // As the Python client: a document marker when the input YAML came from stdin too.
        const yaml = await toYaml(result.yaml ?? result.json)
        io.stdout.write(`${dataFromStdin ? '---\n' : ''}${yaml}`)
      } else io.stdout.write(result.human())
    },
    printList: async (items, limit, rendering) => {
      const first = items.take(limit)
      if (format === 'json') return writeJsonList(io.stdout, map(first, rendering.json))
      if (format === 'yaml' || settings.output === 'yaml') {
        if (dataFromStdin) io.stdout.write('---\n')
        return writeYamlList(io.stdout, map(first, rendering.yaml))
      }
      const all = []
      for await (const item of first) all.push(item)
      io.stdout.write(rendering.human(all))
    },
    feedback: (text) => {
      if (!global.silent) io.stderr.write(`${text}\n`)
    },
    warn: (text) => {
      io.stderr.write(`Warning: ${text}\n`)
    },
    webUrl: async (path) => (await client()).webuiUrl(path),
  }
}
