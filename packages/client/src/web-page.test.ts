import { describe, expect, it } from 'vitest'
import { DebusineClientCore } from './client-core.js'

const client = (scope?: string): DebusineClientCore =>
  new DebusineClientCore({ apiUrl: 'https://debusine.example.org/prefix/api', token: 't', scope })

describe('webPageUrl', () => {
  it("takes the resource's url where the server sends one", () => {
    const request = { id: 42, workspace: 'System', url: '/debusine/System/work-request/42/' }
    expect(client('debian').webPageUrl('work-request', request)).toBe(
      'https://debusine.example.org/prefix/debusine/System/work-request/42/',
    )
  })

  it("places the page by the web UI's layout in the client's scope where the server sends none (0.11)", () => {
    expect(client('debian').webPageUrl('work-request', { id: 42, workspace: 'System', url: '' })).toBe(
      'https://debusine.example.org/prefix/debian/System/work-request/42/',
    )
    expect(client('debian').webPageUrl('artifact', { id: 7, workspace: 'developers' })).toBe(
      'https://debusine.example.org/prefix/debian/developers/artifact/7/',
    )
  })

  it('gives the front page when there is neither a url nor a scope', () => {
    expect(client().webPageUrl('artifact', { id: 7, workspace: 'developers', url: '' })).toBe(
      'https://debusine.example.org/prefix/',
    )
  })
})
