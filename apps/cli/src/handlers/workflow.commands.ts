import {
  type CommandSpec,
  requiredDataOption,
  timeoutOption,
  waitOption,
  workspaceOption,
} from '@debusine-ts/cli-kit'
import { limitOption } from './work-request.commands.js'

/** The `workflow` commands. */
export const workflowCommands = {
  list: {
    path: ['workflow', 'list'],
    summary: 'list root workflows, newest first',
    options: { limit: limitOption },
  },
  start: {
    path: ['workflow', 'start'],
    summary: 'start a workflow from a template',
    options: {
      workspace: workspaceOption,
      data: requiredDataOption,
      noTemplate: {
        kind: 'flag',
        summary: 'NAME is a workflow task name, not a template (workspace owners only)',
      },
      wait: waitOption,
      timeout: timeoutOption,
    },
    arguments: { name: { name: 'NAME', summary: 'the template name' } },
    examples: ['workflow start my-noop --data /dev/null --wait'],
    legacy: ['create-workflow'],
  },
} as const satisfies Record<string, CommandSpec>
