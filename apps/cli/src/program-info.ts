import { commonOptions, globalOptions, type ProgramInfo } from '@debusine-ts/cli-kit'

/** The CLI, as its help and completion scripts describe it. */
export const program: ProgramInfo = {
  name: 'debusine-ts',
  summary: 'Interact with a Debusine server (a superset of the Python `debusine` client).',
  globalOptions,
  commonOptions,
  footer: "Every command takes --yaml, --json and --help. Run 'debusine-ts COMMAND --help' for its options.",
}
