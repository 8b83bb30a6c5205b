import {
  type CommandSpec,
  optionalDataOption,
  requiredDataOption,
  workspaceOption,
} from '@debusine-ts/cli-kit'
import { integer, text } from './option-specs.js'

const nameOrId = { name: 'NAME_OR_ID', summary: 'the template name or id' } as const
const taskName = { name: 'TASK_NAME', summary: 'the workflow task, e.g. noop' } as const
const templateName = { name: 'TEMPLATE_NAME', summary: 'the template name' } as const
const priority = integer('N', 'base priority of work requests it creates')

/** The `workflow-template` commands. */
export const workflowTemplateCommands = {
  create: {
    path: ['workflow-template', 'create'],
    summary: 'create a workflow template',
    description:
      'The data holds static_parameters, runtime_parameters (a mapping or "any"), extra_groups and restricted.',
    options: { workspace: workspaceOption, priority, data: requiredDataOption },
    arguments: { taskName, templateName },
    examples: ["workflow-template create noop my-noop --data - <<< 'static_parameters: {}'"],
  },
  // 0.11.3's name takes its arguments in the other order and its data is the static
  // parameters alone: a command of its own rather than an alias of `workflow-template create`.
  createFlat: {
    path: ['create-workflow-template'],
    summary: 'create a workflow template (the Python CLI 0.11.3 form)',
    description: 'The data holds the static parameters; runtime parameters are left open ("any").',
    options: { workspace: workspaceOption, data: requiredDataOption, priority },
    arguments: { templateName, taskName },
    examples: ["create-workflow-template my-noop noop <<< '{}'"],
    // YAML, as the 0.11.3 CLI printed every command.
    output: 'yaml',
  },
  list: {
    path: ['workflow-template', 'list'],
    summary: 'list the workflow templates of a workspace',
    options: { workspace: workspaceOption },
  },
  show: {
    path: ['workflow-template', 'show'],
    summary: 'show a workflow template',
    options: { workspace: workspaceOption },
    arguments: { nameOrId },
  },
  manage: {
    path: ['workflow-template', 'manage'],
    summary: 'change a workflow template',
    options: {
      workspace: workspaceOption,
      priority,
      data: optionalDataOption,
      rename: text('NEW', 'the new name'),
    },
    arguments: { nameOrId },
  },
  edit: {
    path: ['workflow-template', 'edit'],
    summary: 'edit a workflow template in $EDITOR (on a terminal)',
    description:
      'Edits static_parameters, runtime_parameters, extra_groups and restricted; saved only if changed.',
    options: { workspace: workspaceOption },
    arguments: { nameOrId },
  },
  remove: {
    path: ['workflow-template', 'delete'],
    summary: 'delete a workflow template',
    options: { workspace: workspaceOption },
    arguments: { nameOrId },
    output: 'none',
  },
} as const satisfies Record<string, CommandSpec>
