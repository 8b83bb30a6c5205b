import type { WorkRequest } from '@debusine-ts/models'
import type { DebusineClient } from '../../src/index.js'

/** A work request no worker of the test server can run: it stays pending until aborted. */
export function createPendingWorkRequest(client: DebusineClient): Promise<WorkRequest> {
  return client.workRequests.create({
    task_name: 'mmdebstrap',
    task_data: {
      bootstrap_options: { architecture: 'amd64' },
      bootstrap_repositories: [{ mirror: 'http://mirror.example/debian', suite: 'bookworm' }],
    },
  })
}
