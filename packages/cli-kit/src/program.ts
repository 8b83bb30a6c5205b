import type { OptionSpec, OptionSpecs } from './spec.js'

/** A command-line program, as its help and shell completion describe it. */
export interface ProgramInfo {
  /** The program's name in usage lines and completion scripts, e.g. `debusine-ts`. */
  readonly name: string
  /** One line of what it does, for the program's help. */
  readonly summary: string
  /** Options given before the command. */
  readonly globalOptions: OptionSpecs
  /** Options every command has; `help` (`--help`/`-h`) stops parsing and shows help. */
  readonly commonOptions: OptionSpecs & { readonly help: OptionSpec }
  /** The last line of the program's help. */
  readonly footer?: string
}

/** The identifier form of a program's name for shell functions: `debusine-ts` → `debusine_ts`. */
export function shellIdentifier(program: ProgramInfo): string {
  return program.name.replace(/[^A-Za-z0-9]/g, '_')
}
