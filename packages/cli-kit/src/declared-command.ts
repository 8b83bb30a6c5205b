import type { CommandContext, OutputStyle } from './command-context.js'
import {
  commandDefiner,
  type ArgumentSpecs,
  type Command,
  type CommandDefinition,
  type Handler,
  type OptionSpecs,
  type Values,
} from './spec.js'

/** What a command run with a {@link CommandContext} declares beyond the parser's needs. */
export interface CommandExtra {
  /** What the command prints on stdout. */
  readonly output: OutputStyle
  /** Works without a configured server (`setup`, `completion`). */
  readonly offline?: boolean
}

/** A command run with a {@link CommandContext}, as the parser, help, completion and README see it. */
export type DeclaredCommand = Command<CommandContext> & CommandExtra

const define = commandDefiner<CommandContext, CommandExtra>()

/**
 * Declare a command whose handler takes a {@link CommandContext}; `values` are typed from
 * its options and arguments. Its `output` defaults to `model`.
 *
 * @example
 * export const show = defineCommand({
 *   path: ['work-request', 'show'], summary: 'show a work request',
 *   arguments: { id: { name: 'WORK_REQUEST_ID', summary: 'the id', kind: 'integer' } },
 *   handler: async () => (await loadWorkRequestHandlers()).show,
 * })
 */
export function defineCommand<
  const Options extends OptionSpecs = Record<never, never>,
  const Arguments extends ArgumentSpecs = Record<never, never>,
>(
  definition: CommandDefinition<CommandContext, Options, Arguments> & Partial<CommandExtra>,
): DeclaredCommand {
  return define<Options, Arguments>({ output: 'model', ...definition })
}

/** A command as {@link defineCommands} takes it: its declaration without the handler. */
export type CommandSpec = Omit<CommandDefinition<CommandContext, OptionSpecs, ArgumentSpecs>, 'handler'> &
  Partial<CommandExtra>

/** The values a handler of the command declared as `Spec` gets, e.g. `ValuesOf<typeof specs.show>`. */
export type ValuesOf<Spec> = Values<
  Spec extends { options: infer Options extends OptionSpecs } ? Options : Record<never, never>,
  Spec extends { arguments: infer Arguments extends ArgumentSpecs } ? Arguments : Record<never, never>
>

/**
 * The handler of the command declared as `Spec`: a handler typed so takes its values
 * without spelling out its parameters' types.
 *
 * @example
 * const specs = {
 *   show: { path: ['work-request', 'show'], summary: 'show a work request', arguments: { id: { name: 'WORK_REQUEST_ID', summary: 'the id', kind: 'integer' } } },
 * } as const satisfies Record<string, CommandSpec>
 * export const show: HandlerOf<typeof specs.show> = async (context, { id }) => {
 *   await context.print({ json: await (await context.client()).workRequests.get(id) })
 * }
 */
export type HandlerOf<Spec> = Handler<CommandContext, ValuesOf<Spec>>

/**
 * Declare commands whose handlers are the exports of one module, loaded on first use: each
 * key of `specs` names its command's handler there. The handlers may type themselves as
 * `HandlerOf<typeof specs.name>` (or their `values` as `ValuesOf<…>`), as `specs` live apart from
 * the module that loads them.
 *
 * @example
 * // work-request.commands.ts
 * export const workRequest = {
 *   show: { path: ['work-request', 'show'], summary: 'show a work request', arguments: { id } },
 * } as const satisfies Record<string, CommandSpec>
 * // the command table
 * defineCommands(workRequest, loadWorkRequestHandlers)
 */
export function defineCommands<const Specs extends Readonly<Record<string, CommandSpec>>>(
  specs: Specs,
  load: () => Promise<{ readonly [Name in keyof Specs]: Handler<CommandContext, ValuesOf<Specs[Name]>> }>,
): DeclaredCommand[] {
  return Object.entries(specs).map(([name, spec]) =>
    defineCommand({
      ...spec,
      handler: async () => {
        const handlers: Readonly<Record<string, unknown>> = await load()
        // @NOTE `load`'s type has already matched each handler with its declaration's values.
        return handlers[name] as Handler<CommandContext, Values<OptionSpecs, ArgumentSpecs>>
      },
    }),
  )
}
