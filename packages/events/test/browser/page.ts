/**
 * The page of the Chromium test: bundled from the browser entries of the client and
 * events packages, it talks to the real server through the page's own origin.
 */
import { DebusineClient } from '@debusine-ts/client'
import { CompletionEvents } from '@debusine-ts/events'

/** What the test puts into the page. */
interface PageConfig {
  token: string
  scope: string
  workspace: string
  /** The noop's task data in the server's own shape (a boolean result before 0.12). */
  noopData: Record<string, unknown>
}

/** What the page reports back to the test. */
export interface PageResult {
  user?: string
  workRequestId?: number
  result?: string
  artifactFileOperations?: boolean
  error?: string
}

interface PageGlobals {
  location: { origin: string }
  document: { getElementById(id: string): { textContent: string | null } | null }
  pageResult?: PageResult
}

const page = globalThis as unknown as PageGlobals

async function run(config: PageConfig): Promise<PageResult> {
  const client = new DebusineClient({
    apiUrl: `${page.location.origin}/api`,
    token: config.token,
    scope: config.scope,
    workspace: config.workspace,
  })
  const { user } = await client.whoami()
  const subscription = new CompletionEvents(client).subscribe({ workspaces: [config.workspace] })
  await subscription.ready
  const request = await client.workRequests.create({ task_name: 'noop', task_data: config.noopData })
  for await (const event of subscription) {
    if (event.work_request_id !== request.id) continue
    subscription.close()
    return {
      user,
      workRequestId: request.id,
      result: event.result,
      artifactFileOperations: 'upload' in client.artifacts,
    }
  }
  return { error: 'the subscription ended before the completion came' }
}

const config = JSON.parse(page.document.getElementById('config')?.textContent ?? '{}') as PageConfig
run(config).then(
  (result) => {
    page.pageResult = result
  },
  (error: unknown) => {
    page.pageResult = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
  },
)
