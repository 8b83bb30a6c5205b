import { CliError } from '../cli-error.js'
import type { CommandContext } from '../command-context.js'
import { assetShape, shaped } from '../python-shapes.js'

/** `asset create`: data checked locally against the category's model. */
export async function create(context: CommandContext): Promise<undefined> {
  const data = await context.readData(true)
  const client = await context.client()
  const workspace = await context.workspace()
  const settings = await context.server()
  const { asset, created } = await client.assets.create(
    { category: context.arguments.CATEGORY as never, data, workspace },
    { signal: context.signal },
  )
  const message = `New asset created in ${settings.apiUrl} in workspace ${workspace} with id ${asset.id}.`
  context.print({
    json: { result: 'success', message, created, asset },
    yaml: { result: 'success', message },
  })
  return undefined
}

/** `asset list`: at least one filter. */
export async function list(context: CommandContext): Promise<undefined> {
  const asset = context.integer('id')
  const workRequest = context.integer('work-request')
  const workspace = context.string('workspace')
  if (asset === undefined && workRequest === undefined && workspace === undefined) {
    throw new CliError('At least one of --id, --workspace and --work-request must be given.')
  }
  const client = await context.client()
  const assets = await client.assets.list({ asset, workRequest, workspace }, { signal: context.signal })
  context.print({ json: assets, yaml: assets.map((item) => shaped(item, assetShape)) })
  return undefined
}
