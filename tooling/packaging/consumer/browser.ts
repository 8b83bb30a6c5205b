// A browser program: the browser entries (models, transport, and client and events through
// their `browser` condition) must type-check with no Node types at all (types: [], DOM lib only).
import { DebusineClient } from '@debusine-ts/client'
import { CompletionEvents } from '@debusine-ts/events'
import { PagedList, Transport, type RequestOptions } from '@debusine-ts/transport'
import { WorkRequestSchema, type WorkRequest } from '@debusine-ts/models'

export async function latest(token: string, signal: AbortSignal): Promise<WorkRequest | undefined> {
  const transport = new Transport({ apiUrl: 'https://debusine.example.org/api', token, scope: 'debian' })
  const options: RequestOptions = { signal }
  const list: PagedList<WorkRequest> = transport.list('/work-request/', WorkRequestSchema, options)
  for await (const request of list) return request
  return undefined
}

export async function noopResult(token: string): Promise<string | undefined> {
  const client = new DebusineClient({ apiUrl: `${location.origin}/api`, token, scope: 'debian' })
  const request = await client.workRequests.create({ task_name: 'noop', task_data: {} })
  const completion = await new CompletionEvents(client).waitForCompletion(request.id)
  return completion.result ?? undefined
}
