import { defineCommand, requiredDataOption, workspaceOption } from '@debusine-ts/cli-kit'

/** The `asset` commands. */
export const assetCommands = [
  defineCommand({
    path: ['asset', 'create'],
    summary: 'create an asset',
    options: { workspace: workspaceOption, data: requiredDataOption },
    arguments: { category: { name: 'CATEGORY', summary: 'the asset category, e.g. debusine:signing-key' } },
    legacy: ['create-asset'],
    output: 'yaml',
    handler: async () => (await import('./asset.js')).create,
  }),
  defineCommand({
    path: ['asset', 'list'],
    summary: 'list assets (at least one filter)',
    options: {
      id: { kind: 'integer', valueName: 'ID', summary: 'the asset id' },
      workspace: { ...workspaceOption, summary: 'assets of this workspace' },
      workRequest: { kind: 'integer', valueName: 'ID', summary: 'assets created by this work request' },
    },
    legacy: ['list-assets'],
    output: 'yaml',
    handler: async () => (await import('./asset.js')).list,
  }),
]
