/**
 * Ids, counts and milliseconds are checked before anything is sent, the same way by every
 * resource: an id is an integer ≥ 1; a count or duration is finite unless `Infinity` means
 * "no limit" there.
 */
import { ValidationError } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { DebusineClient } from './client.js'

function offlineClient(): { client: DebusineClient; sent: string[] } {
  const sent: string[] = []
  const client = new DebusineClient({
    apiUrl: 'http://127.0.0.1:9/api',
    token: 'unused',
    fetch: (input: RequestInfo | URL) => {
      sent.push(input instanceof Request ? input.url : input.toString())
      return Promise.reject(new Error('nothing may be sent'))
    },
  })
  return { client, sent }
}

describe('argument checks of the resources', () => {
  it.each([0, -1, 1.5, Infinity, NaN])('artifacts.get refuses id %s before sending', async (id) => {
    const { client, sent } = offlineClient()
    await expect(client.artifacts.get(id)).rejects.toThrow(ValidationError)
    expect(sent).toEqual([])
  })

  it.each([0, Infinity])('workRequests.get and relations.list refuse id %s alike', async (id) => {
    const { client, sent } = offlineClient()
    await expect(client.workRequests.get(id)).rejects.toThrow(ValidationError)
    await expect(client.relations.list({ artifact: id })).rejects.toThrow(ValidationError)
    expect(sent).toEqual([])
  })

  it('downloadTo refuses an endless stall timeout, and waitForCompletion an endless poll interval', async () => {
    const { client, sent } = offlineClient()
    await expect(client.artifacts.downloadTo(1, '/nonexistent', { stallTimeout: Infinity })).rejects.toThrow(
      ValidationError,
    )
    await expect(client.workRequests.waitForCompletion(1, { pollInterval: Infinity })).rejects.toThrow(
      ValidationError,
    )
    expect(sent).toEqual([])
  })
})
