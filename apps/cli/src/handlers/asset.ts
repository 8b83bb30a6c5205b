import { CliError, type HandlerOf, choiceOf, pythonShapes, shapeLikePython } from '@debusine-ts/cli-kit'
import type { assetCommands } from './asset.commands.js'

/** `asset create`: data checked locally against the category's model. */
export const create: HandlerOf<typeof assetCommands.create> = async (context, values) => {
  const { AssetCategory } = await import('@debusine-ts/models')
  const category = choiceOf(values.category, Object.values(AssetCategory), 'CATEGORY', context.path)
  const data = await context.readData(values.data)
  const client = await context.client()
  const workspace = await context.workspace(values.workspace)
  const settings = await context.server()
  const { asset, created } = await client.assets.create(
    { category, data, workspace },
    { signal: context.signal },
  )
  const message = `New asset created in ${settings.apiUrl} in workspace ${workspace} with id ${asset.id}.`
  await context.print({
    json: { result: 'success', message, created, asset },
    yaml: { result: 'success', message },
  })
}

/** `asset list`: at least one filter. */
export const list: HandlerOf<typeof assetCommands.list> = async (context, values) => {
  const { id: asset, workRequest, workspace } = values
  if (asset === undefined && workRequest === undefined && workspace === undefined) {
    throw new CliError('At least one of --id, --workspace, and --work-request must be specified.')
  }
  const client = await context.client()
  const assets = await client.assets.list({ asset, workRequest, workspace }, { signal: context.signal })
  await context.print({ json: assets, yaml: assets.map((item) => shapeLikePython(item, pythonShapes.asset)) })
}
