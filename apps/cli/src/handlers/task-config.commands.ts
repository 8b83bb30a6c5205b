import { type CommandSpec, workspaceOption } from '@debusine-ts/cli-kit'
import { text } from './option-specs.js'

const workdir = {
  ...text('DIR', 'the local repository (default: the current directory)'),
  complete: 'directory',
} as const

/** The `task-config` commands. */
export const taskConfigCommands = {
  pull: {
    path: ['task-config', 'pull'],
    summary: 'fetch a task configuration collection into a local repository',
    description:
      'A new checkout takes COLLECTION (default "default"); an existing one the workspace and collection of its MANIFEST. A git checkout with uncommitted changes is refused.',
    options: { workspace: workspaceOption, workdir },
    arguments: {
      collection: { name: 'COLLECTION', summary: 'the collection name (default "default")', nargs: '?' },
    },
    examples: ['task-config pull --workdir config/'],
    legacy: ['task-config-pull'],
    output: 'none',
  },
  push: {
    path: ['task-config', 'push'],
    summary: "replace a task configuration collection's items with the local repository's",
    options: {
      workdir,
      dryRun: { kind: 'flag', short: 'n', summary: 'only count what would change' },
      force: {
        kind: 'flag',
        short: 'f',
        summary: 'push despite uncommitted changes or an unknown server commit',
      },
    },
    examples: ['task-config push --workdir config/ --dry-run'],
    legacy: ['task-config-push'],
    output: 'none',
  },
} as const satisfies Record<string, CommandSpec>
