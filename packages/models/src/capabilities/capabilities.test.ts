import { describe, expect, it } from 'vitest'
import { ServerTooOldError } from '../errors/server-too-old-error.js'
import { compareDebusineVersions, debusineVersionInPage } from './debusine-version.js'
import { operationSupport, serverOperation } from './operation-support.js'
import { SERVER_OPERATIONS } from './server-operations.js'

describe('compareDebusineVersions', () => {
  it('orders numeric parts numerically and a Debian revision after the plain version', () => {
    const sorted = ['0.16.2', '0.9.1', '0.11.3+deb13u1', '0.12.0', '0.11.3', '0.14.10', '0.14.9']
    expect(sorted.sort(compareDebusineVersions)).toEqual([
      '0.9.1',
      '0.11.3',
      '0.11.3+deb13u1',
      '0.12.0',
      '0.14.9',
      '0.14.10',
      '0.16.2',
    ])
    expect(compareDebusineVersions('0.16.2', '0.16.2')).toBe(0)
  })
})

describe('debusineVersionInPage', () => {
  it("reads the footer of 0.16.2's and 0.11.3's pages", () => {
    const sid = '<a href="x" target="_blank">Contributing</a>\n            • 0.16.2\n        </div>'
    const trixie = '<a href="x"\n   target="_blank">Contributing</a>\n                        • 0.11.3\n</p>'
    expect(debusineVersionInPage(sid)).toBe('0.16.2')
    expect(debusineVersionInPage(trixie)).toBe('0.11.3')
  })

  it('is undefined for a page that does not tell', () => {
    expect(debusineVersionInPage('<a>Contributing</a>\n</div>')).toBeUndefined()
    expect(debusineVersionInPage('<html></html>')).toBeUndefined()
  })
})

describe('the capability table', () => {
  it('names each operation once, with a since or a shapeSince', () => {
    const names = SERVER_OPERATIONS.map((entry) => entry.operation)
    expect(new Set(names).size).toBe(names.length)
    for (const entry of SERVER_OPERATIONS) expect(entry.since ?? entry.shapeSince).toBeDefined()
  })

  it('tells too-old, older-shape and works apart by version', () => {
    expect(operationSupport('workRequests.abort', '0.11.3')).toBe('too-old')
    expect(operationSupport('workRequests.abort', '0.16.2')).toBe('works')
    expect(operationSupport('workflowTemplates.create', '0.11.3')).toBe('older-shape')
    expect(operationSupport('workflowTemplates.create', '0.13.0')).toBe('works')
    expect(operationSupport('workRequests.get', '0.11.3')).toBe('works')
    expect(serverOperation('workRequests.get')).toBeUndefined()
  })

  it('names the operation, the server version and the first version in ServerTooOldError', () => {
    const error = new ServerTooOldError({
      operation: 'workRequests.abort',
      serverVersion: '0.11.3',
      since: '0.12.0',
    })
    expect(error.message).toBe(
      'workRequests.abort needs Debusine 0.12.0 or later; the server runs 0.11.3 (nothing was sent)',
    )
    expect(error.code).toBe('server_too_old')
    expect(ServerTooOldError.isInstance(error)).toBe(true)
  })
})
