import type { Route } from '../http/route.js'
import { artifactDownloadRoutes } from './artifact-download.js'
import { artifactUploadRoutes } from './artifact-upload.js'
import { artifactRoutes } from './artifacts.js'
import { lookupRoutes } from './lookups.js'
import { whoamiRoutes } from './whoami.js'
import { workRequestActionRoutes } from './work-request-actions.js'
import { workRequestListRoutes } from './work-request-list.js'
import { workRequestRoutes } from './work-requests.js'

/** Every endpoint of the real server's wire that the fake serves (HTTP; the channel is apart). */
export const apiRoutes: readonly Route[] = [
  ...whoamiRoutes,
  ...artifactRoutes,
  ...artifactUploadRoutes,
  ...artifactDownloadRoutes,
  ...workRequestListRoutes,
  ...workRequestRoutes,
  ...workRequestActionRoutes,
  ...lookupRoutes,
]
