// A user's program, type-checked against the packed packages (not the workspace sources)
// under moduleResolution node16 and bundler: the README's own example plus the types a
// service reaches for first.
import { generateNonce } from '@debusine-ts/enroll'
import { CompletionEvents } from '@debusine-ts/events'
import { DebusineClient, type ClientConfig } from '@debusine-ts/client'
import { PagedList, type RequestOptions } from '@debusine-ts/transport'
import { SdkError, type WorkRequest } from '@debusine-ts/models'
import { ArtifactRuleError } from '@debusine-ts/artifacts'

const config: ClientConfig = {
  apiUrl: 'https://debusine.example.org/api',
  token: process.env['DEBUSINE_TOKEN'],
  scope: 'debian',
  workspace: 'developers',
}
const client = new DebusineClient(config)
const options: RequestOptions = { timeout: 30_000, maxRetries: 2, signal: AbortSignal.timeout(60_000) }

export async function run(): Promise<string> {
  const request: WorkRequest = await client.workRequests.create(
    { task_name: 'noop', task_data: {}, event_reactions: {} },
    options,
  )
  const done = await new CompletionEvents(client).waitForCompletion(request.id)
  const list: PagedList<WorkRequest> = client.workRequests.list({}, options)
  for await (const item of list) if (item.id === request.id) break
  return `${String(done.result)} ${client.webuiUrl(done.url)} ${generateNonce().length}`
}

export function explain(error: unknown): string {
  if (ArtifactRuleError.isInstance(error)) return `rule: ${error.message}`
  return SdkError.isInstance(error) ? `${error.code}: ${error.message}` : String(error)
}
