import type { GlobalOptions } from './command-context.js'
import { withBareDebugFlag } from './debug-flag.js'
import type { DeclaredCommand } from './declared-command.js'
import { parseCommandLine, type ParseResult } from './parser.js'
import type { ProgramInfo } from './program.js'
import { resolveCommand } from './resolve-command.js'
import type { OptionSpec, OptionSpecs } from './spec.js'
import { commonOptions } from './standard-options.js'

/** What a command line asks for. */
export type CommandLine =
  | { readonly kind: 'version' }
  | { readonly kind: 'program-help' }
  | { readonly kind: 'group-help'; readonly group: readonly string[] }
  | { readonly kind: 'command-help'; readonly command: DeclaredCommand }
  | {
      readonly kind: 'run'
      readonly command: DeclaredCommand
      /** One value per declared option and argument of the command (and `yaml`, `json`). */
      readonly values: Readonly<Record<string, unknown>>
      readonly global: GlobalOptions
      /** Named by a legacy flat name: YAML unless `--json` (the older program printed only YAML). */
      readonly legacy: boolean
    }

function globalsFrom(values: Readonly<Record<string, unknown>>): GlobalOptions {
  const text = (key: string): string | undefined => {
    const value = values[key]
    return typeof value === 'string' ? value : undefined
  }
  return {
    server: text('server'),
    scope: text('scope'),
    configFile: text('configFile'),
    silent: values.silent === true,
    debug: (text('debug') ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name !== ''),
  }
}

/**
 * Options of a command line: the command's and `--yaml`/`--help` (abbreviable, as argparse),
 * then `--json` and the global options, which debusine-ts also takes after the command
 * (matched only in full, so they never make an abbreviation of the Python CLI ambiguous).
 */
function optionsOf(
  program: ProgramInfo,
  command: DeclaredCommand,
): { options: OptionSpecs; exactOptions: OptionSpecs } {
  const names = (key: string, spec: OptionSpec): string[] =>
    spec.short === undefined ? [key] : [key, `-${spec.short}`]
  const taken = new Set(Object.entries(command.options).flatMap(([key, spec]) => names(key, spec)))
  const globals = Object.entries(program.globalOptions).filter(
    ([key, spec]) => key !== 'help' && key !== 'version' && !names(key, spec).some((name) => taken.has(name)),
  )
  return {
    options: { ...command.options, yaml: commonOptions.yaml, help: commonOptions.help },
    exactOptions: { json: commonOptions.json, ...Object.fromEntries(globals) },
  }
}

/** The global options before the command; the rest of `argv` is the command's. */
function readGlobals(program: ProgramInfo, argv: readonly string[]): ParseResult {
  return parseCommandLine(argv, {
    options: program.globalOptions,
    arguments: {},
    subcommand: true,
    command: [],
  })
}

/** The global options given before the command, for `--debug` when reading the rest fails. */
export function leadingGlobals(program: ProgramInfo, argv: readonly string[]): GlobalOptions {
  try {
    return globalsFrom(readGlobals(program, argv).values)
  } catch {
    return globalsFrom({})
  }
}

/**
 * Read a whole command line as the Python CLI's argparse parsers do: global options, the
 * command words (or a legacy name), then the command's options and arguments.
 *
 * @throws {UsageError} for anything argparse refuses (exit 2)
 */
export function readCommandLine(
  program: ProgramInfo,
  commands: readonly DeclaredCommand[],
  argv: readonly string[],
): CommandLine {
  const top = readGlobals(program, withBareDebugFlag(commands, argv))
  if (top.stop === 'version') return { kind: 'version' }
  if (top.stop === 'help') return { kind: 'program-help' }
  const resolved = resolveCommand(program, commands, top.rest)
  if (resolved.kind === 'help') return { kind: 'group-help', group: resolved.group }
  const { command, tokens } = resolved
  const parsed = parseCommandLine(tokens, {
    ...optionsOf(program, command),
    arguments: command.arguments,
    command: command.path,
  })
  if (parsed.stop !== undefined) return { kind: 'command-help', command }
  const given = Object.fromEntries(
    Object.entries(parsed.values).filter(([, value]) => value !== undefined && value !== false),
  )
  const global = globalsFrom({ ...top.values, ...given })
  return { kind: 'run', command, values: parsed.values, global, legacy: resolved.legacy === true }
}
