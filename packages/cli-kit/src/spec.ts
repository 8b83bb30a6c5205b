/**
 * The declarations of a command-line program's commands: options and positional arguments
 * as argparse knows them, values typed from the declaration.
 */
/** What the shell completes for a value. */
export type Completion = 'file' | 'directory'

/** Fields every option has. */
interface OptionBase {
  /** The one-letter short name, without `-`, e.g. `w`. */
  readonly short?: string
  /** One line for help. */
  readonly summary: string
  /** Hidden from help and completion. */
  readonly hidden?: boolean
  /**
   * `false`: new in debusine-ts. Such an option only matches when spelled in full, so an
   * abbreviation the Python CLI accepts (`--w` for `--workspace`) never turns ambiguous.
   */
  readonly python?: false
}

/** A flag (argparse `store_true`). */
export interface FlagOption extends OptionBase {
  readonly kind: 'flag'
}

/** An option taking a value (argparse `store`, `append`, or `nargs="+"`). */
export interface ValueOption extends OptionBase {
  readonly kind: 'string' | 'integer'
  /** The placeholder in help, e.g. `NAME`. */
  readonly valueName?: string
  /** `+`: one or more values after the option (argparse `nargs="+"`); the last use wins. */
  readonly nargs?: '+'
  /** Repeatable, one value each time (argparse `action="append"`). */
  readonly append?: true
  /** The allowed values (a usage error otherwise). */
  readonly choices?: readonly string[]
  /** The value when the option is not given. */
  readonly default?: string | number
  /** Must be given (argparse `required=True`). */
  readonly required?: true
  /** What the shell completes. */
  readonly complete?: Completion
  /** A check of the value's form (argparse `type`): what is wrong with it, or undefined. */
  readonly check?: (value: string) => string | undefined
}

/** One option of a command; its long name is the key it is declared under, in kebab case. */
export type OptionSpec = FlagOption | ValueOption

/** One positional argument of a command. */
export interface ArgumentSpec {
  /** The placeholder in help and usage errors, e.g. `WORK_REQUEST_ID`. */
  readonly name: string
  /** One line for help. */
  readonly summary: string
  /** Default `string`. */
  readonly kind?: 'string' | 'integer'
  /** argparse `nargs`: `?` optional, `*` any number, `+` at least one; default exactly one. */
  readonly nargs?: '?' | '*' | '+'
  /** The allowed values (a usage error otherwise). */
  readonly choices?: readonly string[]
  /** What the shell completes. */
  readonly complete?: Completion
}

/** The value of one option or argument of `Spec`: a number, one of its choices, or a string. */
export type Scalar<Spec> = Spec extends { kind: 'integer' }
  ? number
  : Spec extends { choices: readonly (infer Choice extends string)[] }
    ? Choice
    : string

/** The value a handler gets for an option. */
export type OptionValue<Spec> = Spec extends { kind: 'flag' }
  ? boolean
  : Spec extends { nargs: '+' } | { append: true }
    ? Scalar<Spec>[] | (Spec extends { required: true } ? never : undefined)
    : Spec extends { default: string | number } | { required: true }
      ? Scalar<Spec>
      : Scalar<Spec> | undefined

/** The value a handler gets for a positional argument. */
export type ArgumentValue<Spec> = Spec extends { nargs: '*' | '+' }
  ? Scalar<Spec>[]
  : Spec extends { nargs: '?' }
    ? Scalar<Spec> | undefined
    : Scalar<Spec>

/** Options by their key (camelCase of the long name). */
export type OptionSpecs = Readonly<Record<string, OptionSpec>>
/** Positional arguments by key, in order. */
export type ArgumentSpecs = Readonly<Record<string, ArgumentSpec>>

/** The values of a command line, typed from the command's declaration. */
export type Values<Options extends OptionSpecs, Arguments extends ArgumentSpecs> = {
  readonly [Key in keyof Options]: OptionValue<Options[Key]>
} & { readonly [Key in keyof Arguments]: ArgumentValue<Arguments[Key]> }

/** A command's handler: the exit code, or nothing for 0. */
export type Handler<Context, V> = (context: Context, values: V) => Promise<number | void>

/** What every command declares, typed or not. */
export interface CommandInfo<
  Options extends OptionSpecs = OptionSpecs,
  Arguments extends ArgumentSpecs = ArgumentSpecs,
> {
  /** The words of the command, e.g. `['work-request', 'show']`. */
  readonly path: readonly string[]
  /** One line for help. */
  readonly summary: string
  /** Longer help, if the summary is not enough. */
  readonly description?: string
  /** Examples of whole command lines, without the program name. */
  readonly examples?: readonly string[]
  /** The options (the program's common options are added to every command). */
  readonly options: Options
  /** The positional arguments, in order. */
  readonly arguments: Arguments
  /** Flat names of the command in older versions of the program, still accepted. */
  readonly legacy?: readonly string[]
  /** `false`: new in this program (absent from the program it is a superset of). */
  readonly python?: false
}

/**
 * A command as declared: its handler is loaded on first use, so start-up stays fast. A
 * command without options or without arguments may leave them out.
 */
export interface CommandDefinition<
  Context,
  Options extends OptionSpecs,
  Arguments extends ArgumentSpecs,
> extends Omit<CommandInfo<Options, Arguments>, 'options' | 'arguments'> {
  /** The options (none when left out; the program's common options are added to every command). */
  readonly options?: Options
  /** The positional arguments, in order (none when left out). */
  readonly arguments?: Arguments
  /** Loads the handler (a dynamic import). */
  readonly handler: () => Promise<Handler<Context, Values<Options, Arguments>>>
}

/** A command, as the parser, help and completion see it. */
export interface Command<Context> extends CommandInfo {
  /** Load the handler and run it with the parsed values. */
  run(context: Context, values: Readonly<Record<string, unknown>>): Promise<number | undefined>
}

/**
 * The `defineCommand` of a program whose handlers take `Context` and whose commands also
 * declare `Extra` (e.g. how they print). The handler's `values` are typed from the options
 * and arguments declared, so a handler reads `values.workspace` (a `string | undefined`)
 * without casts.
 *
 * @example
 * interface MyContext { verbose: boolean }
 * const defineCommand = commandDefiner<MyContext, { output: 'yaml' | 'none' }>()
 * export const show = defineCommand({
 *   path: ['work-request', 'show'], summary: 'show a work request', output: 'yaml',
 *   arguments: { id: { name: 'WORK_REQUEST_ID', summary: 'the id', kind: 'integer' } },
 *   handler: async () => (await loadWorkRequestHandlers()).show,
 * })
 */
export function commandDefiner<Context, Extra extends object = object>(): <
  const Options extends OptionSpecs = Record<never, never>,
  const Arguments extends ArgumentSpecs = Record<never, never>,
>(
  definition: CommandDefinition<Context, Options, Arguments> & Extra,
) => Command<Context> & Extra {
  return <Options extends OptionSpecs, Arguments extends ArgumentSpecs>(
    definition: CommandDefinition<Context, Options, Arguments> & Extra,
  ) => ({
    options: {},
    arguments: {},
    ...definition,
    run: async (context: Context, values: Readonly<Record<string, unknown>>) => {
      const run = await definition.handler()
      // @NOTE the one place the parser's values meet their declared types: the parser
      // builds exactly one value per declared option and argument, of the declared kind.
      return (await run(context, values as Values<Options, Arguments>)) ?? undefined
    },
  })
}

/** The long option name of a key: `lastCompletedAt` → `last-completed-at`. */
export function longName(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}
