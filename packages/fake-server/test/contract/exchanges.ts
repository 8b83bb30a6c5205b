import { artifactExchanges } from './artifact-exchanges.js'
import { assetExchanges } from './asset-exchanges.js'
import { collectionExchanges } from './collection-exchanges.js'
import { enrollmentExchanges } from './enrollment-exchanges.js'
import type { ContractExchange } from './exchange.js'
import { artifactInWorkspaceExchanges } from './lookup-by-workspace-exchanges.js'
import { otherExchanges } from './other-exchanges.js'
import { taskDataExchanges } from './task-data-exchanges.js'
import { workRequestExchanges } from './work-request-exchanges.js'
import { workflowExchanges } from './workflow-exchanges.js'

/** The contract: every exchange, run against the real server and against the fake. */
export const contractExchanges: readonly ContractExchange[] = [
  ...otherExchanges,
  ...artifactExchanges,
  ...artifactInWorkspaceExchanges,
  ...workRequestExchanges,
  ...taskDataExchanges,
  ...workflowExchanges,
  ...collectionExchanges,
  ...assetExchanges,
  ...enrollmentExchanges,
]
