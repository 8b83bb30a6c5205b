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
import { defineCommands, type DeclaredCommand } from '@debusine-ts/cli-kit'

/** Every command of the CLI, in the order of help: the parser, help, completion and README read it. */
export const commands: readonly DeclaredCommand[] = [
  ...defineCommands(setupCommands, async () => import('./handlers/setup.js')),
  ...defineCommands(workspaceCommands, async () => import('./handlers/workspace.js')),
  ...defineCommands(collectionCommands, async () => import('./handlers/collection.js')),
  ...defineCommands(collectionRelationCommands, async () => import('./handlers/collection-relation.js')),
  ...defineCommands(workflowTemplateCommands, async () => import('./handlers/workflow-template.js')),
  ...defineCommands(workflowCommands, async () => import('./handlers/workflow.js')),
  ...defineCommands(workRequestCommands, async () => import('./handlers/work-request.js')),
  ...defineCommands(artifactCommands, async () => import('./handlers/artifact.js')),
  ...defineCommands(assetCommands, async () => import('./handlers/asset.js')),
  ...defineCommands(taskConfigCommands, async () => import('./handlers/task-config.js')),
  ...defineCommands(archiveCommands, async () => import('./handlers/archive.js')),
  completionCommand(() => commands),
]
