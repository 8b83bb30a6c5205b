import { archiveCommands } from './handlers/archive.commands.js'
import { artifactCommands } from './handlers/artifact.commands.js'
import { assetCommands } from './handlers/asset.commands.js'
import { collectionRelationCommands } from './handlers/collection-relation.commands.js'
import { collectionCommands } from './handlers/collection.commands.js'
import { completionCommand } from './handlers/completion.commands.js'
import { setupCommands } from './handlers/setup.commands.js'
import { taskConfigCommands } from './handlers/task-config.commands.js'
import { workRequestCommands } from './handlers/work-request.commands.js'
import { workflowTemplateCommands } from './handlers/workflow-template.commands.js'
import { workflowCommands } from './handlers/workflow.commands.js'
import { workspaceCommands } from './handlers/workspace.commands.js'
import type { DeclaredCommand } from '@debusine-ts/cli-kit'

/** Every command of the CLI, in the order of help: the parser, help, completion and README read it. */
export const commands: readonly DeclaredCommand[] = [
  ...setupCommands,
  ...workspaceCommands,
  ...collectionCommands,
  ...collectionRelationCommands,
  ...workflowTemplateCommands,
  ...workflowCommands,
  ...workRequestCommands,
  ...artifactCommands,
  ...assetCommands,
  ...taskConfigCommands,
  ...archiveCommands,
  completionCommand(() => commands),
]
