import { type CommandSpec, workspaceOption } from '@debusine-ts/cli-kit'
import { text } from './option-specs.js'

const change = (summary: string) => ({ ...text('W', summary), nargs: '+' }) as const

/** The `workspace` commands. */
export const workspaceCommands = {
  inheritance: {
    path: ['workspace', 'inheritance'],
    summary: 'show, and optionally change, the inheritance chain of a workspace',
    description:
      'Items are ID, NAME or SCOPE/NAME. Changes apply in the order --append, --prepend, --remove, --set; the chain is sent only if it changed. --edit opens the chain in $EDITOR (on a terminal), again after a refusal of the server.',
    options: {
      workspace: workspaceOption,
      append: change('add workspaces at the end'),
      prepend: change('add workspaces at the start'),
      remove: change('remove workspaces'),
      set: change('replace the chain'),
      edit: { kind: 'flag', summary: 'edit the chain in $EDITOR' },
    },
    arguments: {
      workspaceArgument: {
        name: 'WORKSPACE',
        summary: 'the workspace (deprecated: use --workspace)',
        nargs: '?',
      },
    },
    examples: ['workspace inheritance --workspace developers --append base'],
    legacy: ['workspace-inheritance'],
    output: 'yaml',
  },
} as const satisfies Record<string, CommandSpec>
