import { type CommandSpec, requiredDataOption, workspaceOption } from '@debusine-ts/cli-kit'
import { integer } from './option-specs.js'

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
      id: integer('ID', 'the asset id'),
      workspace: { ...workspaceOption, summary: 'assets of this workspace' },
      workRequest: integer('ID', 'assets created by this work request'),
    },
    legacy: ['list-assets'],
    output: 'yaml',
  },
} as const satisfies Record<string, CommandSpec>
