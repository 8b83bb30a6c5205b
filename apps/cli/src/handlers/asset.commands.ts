import { type CommandSpec, requiredDataOption, workspaceOption } from '@debusine-ts/cli-kit'

/** The `asset` commands. */
export const assetCommands = {
  create: {
    path: ['asset', 'create'],
    summary: 'create an asset',
    options: { workspace: workspaceOption, data: requiredDataOption },
    arguments: { category: { name: 'CATEGORY', summary: 'the asset category, e.g. debusine:signing-key' } },
    legacy: ['create-asset'],
    output: 'yaml',
  },
  list: {
    path: ['asset', 'list'],
    summary: 'list assets (at least one filter)',
    options: {
      id: { kind: 'integer', valueName: 'ID', summary: 'the asset id' },
      workspace: { ...workspaceOption, summary: 'assets of this workspace' },
      workRequest: { kind: 'integer', valueName: 'ID', summary: 'assets created by this work request' },
    },
    legacy: ['list-assets'],
    output: 'yaml',
  },
} as const satisfies Record<string, CommandSpec>
