// A browser or shared-library program: the browser-safe packages (models, transport) must
// type-check with no Node types at all (types: [], DOM lib only).
import { PagedList, Transport, type RequestOptions } from '@debusine-ts/transport'
import { WorkRequestSchema, type WorkRequest } from '@debusine-ts/models'

export async function latest(token: string, signal: AbortSignal): Promise<WorkRequest | undefined> {
  const transport = new Transport({ apiUrl: 'https://debusine.example.org/api', token, scope: 'debian' })
  const options: RequestOptions = { signal }
  const list: PagedList<WorkRequest> = transport.list('/work-request/', WorkRequestSchema, options)
  for await (const request of list) return request
  return undefined
}
