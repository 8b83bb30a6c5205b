import type { WorkflowTemplate } from '@debusine-ts/models'
import { isDeepStrictEqual } from 'node:util'
import {
  CliError,
  type CommandContext,
  type HandlerOf,
  type ValuesOf,
  editYaml,
  pythonShapes,
} from '@debusine-ts/cli-kit'
import type { workflowTemplateCommands } from './workflow-template.commands.js'
import { type Field, printItem, printItems, printRegistered, printSuccess } from './render.js'

const dataKeys = ['static_parameters', 'runtime_parameters', 'extra_groups', 'restricted'] as const

function checkKeys(data: Record<string, unknown>): void {
  const unknown = Object.keys(data).filter((key) => !(dataKeys as readonly string[]).includes(key))
  if (unknown.length > 0) {
    const list = (keys: readonly string[]): string =>
      `[${[...keys]
        .sort()
        .map((key) => `'${key}'`)
        .join(', ')}]`
    throw new CliError(
      `parsing input data: Expecting only 4 keys: ${list(dataKeys)}, found: ${list(Object.keys(data))}`,
      { hint: `Unknown: ${unknown.sort().join(', ')}.` },
    )
  }
}

function editedData(data: unknown): Record<string, unknown> {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw new CliError('The edited template must be a YAML mapping.')
  }
  const record = data as Record<string, unknown>
  checkKeys(record)
  const missing = dataKeys.filter((name) => !(name in record))
  if (missing.length > 0) throw new CliError(`Missing keys in the edited template: ${missing.join(', ')}.`)
  return record
}

function key({ nameOrId }: { nameOrId: string }): number | string {
  return /^\d+$/.test(nameOrId) ? Number(nameOrId) : nameOrId
}

/** A template for humans; its table has the first five (not the parameters). */
const templateFields: readonly Field<WorkflowTemplate>[] = [
  ['ID', (template) => template.id],
  ['Name', (template) => template.name],
  ['Task', (template) => template.task_name],
  ['Priority', (template) => template.priority],
  ['Restricted', (template) => template.restricted],
  ['Static parameters', (template) => template.static_parameters],
  ['Runtime parameters', (template) => template.runtime_parameters],
  ['Extra groups', (template) => template.extra_groups],
]

function printTemplate(context: CommandContext, template: WorkflowTemplate): Promise<void> {
  return printItem(context, template, pythonShapes.workflowTemplate, templateFields)
}

type TemplateData = Pick<WorkflowTemplate, (typeof dataKeys)[number]>

async function createTemplate(
  context: CommandContext,
  values: ValuesOf<typeof workflowTemplateCommands.create>,
  data: TemplateData,
): Promise<WorkflowTemplate> {
  const client = await context.client()
  return client.workflowTemplates.create(
    { name: values.templateName, task_name: values.taskName, ...data, priority: values.priority ?? 0 },
    await context.inWorkspace(values.workspace),
  )
}

/** `workflow-template create`. */
export const create: HandlerOf<typeof workflowTemplateCommands.create> = async (context, values) => {
  const data = await context.readData(values.data)
  checkKeys(data)
  const template = await createTemplate(context, values, {
    static_parameters: (data.static_parameters ?? {}) as Record<string, unknown>,
    runtime_parameters: (data.runtime_parameters ?? {}) as never,
    extra_groups: (data.extra_groups ?? []) as never,
    restricted: (data.restricted ?? false) as boolean,
  })
  await printTemplate(context, template)
}

/** `create-workflow-template` (0.11.3): the data is the static parameters. */
export const createFlat: HandlerOf<typeof workflowTemplateCommands.createFlat> = async (context, values) => {
  const template = await createTemplate(context, values, {
    static_parameters: await context.readData(values.data),
    runtime_parameters: 'any',
    extra_groups: [],
    restricted: false,
  })
  await printRegistered(context, 'Workflow template registered', 'workflow_template_id', template.id)
}

/** `workflow-template list`. */
export const list: HandlerOf<typeof workflowTemplateCommands.list> = async (context, values) => {
  const client = await context.client()
  const templates = await client.workflowTemplates
    .list(await context.inWorkspace(values.workspace))
    .toArray({ limit: Infinity })
  await printItems(context, templates, pythonShapes.workflowTemplate, templateFields.slice(0, 5))
}

/** `workflow-template show`. */
export const show: HandlerOf<typeof workflowTemplateCommands.show> = async (context, values) => {
  const client = await context.client()
  await printTemplate(
    context,
    await client.workflowTemplates.get(key(values), await context.inWorkspace(values.workspace)),
  )
}

/** `workflow-template manage`: rename, priority, and the keys given in `--data`. */
export const manage: HandlerOf<typeof workflowTemplateCommands.manage> = async (context, values) => {
  const data = await context.readData(values.data)
  checkKeys(data)
  const client = await context.client()
  const inWorkspace = await context.inWorkspace(values.workspace)
  const current = await client.workflowTemplates.get(key(values), inWorkspace)
  const updated: WorkflowTemplate = { ...current, ...(data as Partial<WorkflowTemplate>) }
  if (values.rename !== undefined) updated.name = values.rename
  if (values.priority !== undefined) updated.priority = values.priority
  await printTemplate(context, await client.workflowTemplates.update(updated, inWorkspace))
}

/** `workflow-template delete`. */
export const remove: HandlerOf<typeof workflowTemplateCommands.remove> = async (context, values) => {
  const client = await context.client()
  await client.workflowTemplates.delete(key(values), await context.inWorkspace(values.workspace))
  context.feedback('Workflow template deleted.')
  await printSuccess(context)
}

/**
 * `workflow-template edit`: the four data keys in the editor (all four required); the
 * template is changed only if they changed. On a terminal only.
 */
export const edit: HandlerOf<typeof workflowTemplateCommands.edit> = async (context, values) => {
  const client = await context.client()
  const inWorkspace = await context.inWorkspace(values.workspace)
  const current = await client.workflowTemplates.get(key(values), inWorkspace)
  const before = Object.fromEntries(dataKeys.map((name) => [name, current[name]]))
  const record = await editYaml(context.io, before, editedData)
  if (isDeepStrictEqual(record, before)) {
    context.feedback('No changes.')
    await printTemplate(context, current)
    return
  }
  const updated: WorkflowTemplate = { ...current, ...(record as Partial<WorkflowTemplate>) }
  await printTemplate(context, await client.workflowTemplates.update(updated, inWorkspace))
}
