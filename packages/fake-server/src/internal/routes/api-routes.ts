import type { Route } from '../http/route.js'
import { artifactDownloadRoutes } from './artifact-download.js'
import { artifactRelationRoutes } from './artifact-relations.js'
import { artifactUploadRoutes } from './artifact-upload.js'
import { artifactRoutes } from './artifacts.js'
import { assetRoutes } from './assets.js'
import { collectionRoutes } from './collections.js'
import { enrollmentRoutes } from './enrollment.js'
import { lookupRoutes } from './lookups.js'
import { whoamiRoutes } from './whoami.js'
import { workRequestActionRoutes } from './work-request-actions.js'
import { workRequestStepRoutes } from './work-request-steps.js'
import { workRequestListRoutes } from './work-request-list.js'
import { workRequestRoutes } from './work-requests.js'
import { workflowTemplateRoutes } from './workflow-templates.js'
import { workflowRoutes } from './workflows.js'
import { workspaceRoutes } from './workspaces.js'

/** Every endpoint of the real server's wire that the fake serves (HTTP; the channel is apart). */
export const apiRoutes: readonly Route[] = [
  ...whoamiRoutes,
  ...artifactRoutes,
  ...artifactUploadRoutes,
  ...artifactDownloadRoutes,
  ...workRequestListRoutes,
  ...workRequestRoutes,
  ...workRequestActionRoutes,
  ...workRequestStepRoutes,
  ...lookupRoutes,
  ...artifactRelationRoutes,
  ...workflowTemplateRoutes,
  ...workflowRoutes,
  ...collectionRoutes,
  ...assetRoutes,
  ...workspaceRoutes,
  ...enrollmentRoutes,
]
