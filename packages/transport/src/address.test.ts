import { ValidationError } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { normalizeApiUrl, unversionedUrl, versionedUrl, webuiUrl, websocketUrl } from './address.js'

describe('addresses', () => {
  it('strips trailing slashes from the /api URL', () => {
    expect(normalizeApiUrl('https://debusine.debian.net/api/')).toBe('https://debusine.debian.net/api')
    expect(normalizeApiUrl('http://localhost:8000/api//')).toBe('http://localhost:8000/api')
    expect(normalizeApiUrl('https://h/prefix/api')).toBe('https://h/prefix/api')
  })

  it.each([['debusine.debian.net/api'], ['ftp://h/api'], ['https://h/api?x=1'], ['https://u:p@h/api']])(
    'refuses %j',
    (value) => {
      expect(() => normalizeApiUrl(value)).toThrow(ValidationError)
    },
  )

  it('appends /1.0 and a trailing slash for API paths', () => {
    expect(versionedUrl('https://h/api', '/work-request/1/')).toBe('https://h/api/1.0/work-request/1/')
    expect(versionedUrl('https://h/api', '/whoami')).toBe('https://h/api/1.0/whoami/')
    expect(() => versionedUrl('https://h/api', 'whoami/')).toThrow(ValidationError)
  })

  it('builds unversioned URLs', () => {
    expect(unversionedUrl('https://h/api', '/enroll/')).toBe('https://h/api/enroll/')
  })

  it('builds websocket URLs without a double slash', () => {
    expect(websocketUrl('http://h:8000/api', '/work-request/on-completed/')).toBe(
      'ws://h:8000/api/ws/1.0/work-request/on-completed/',
    )
    expect(websocketUrl(normalizeApiUrl('https://h/api/'), '/work-request/on-completed/')).toBe(
      'wss://h/api/ws/1.0/work-request/on-completed/',
    )
  })

  it('builds web UI URLs by dropping the final api component', () => {
    expect(webuiUrl('https://h/api', '/debian/ws/artifact/1/')).toBe('https://h/debian/ws/artifact/1/')
    expect(webuiUrl('https://h/prefix/api', '/-/enroll/confirm/N/')).toBe(
      'https://h/prefix/-/enroll/confirm/N/',
    )
    expect(webuiUrl('https://h/api', 'https://other/x/')).toBe('https://other/x/')
    expect(() => webuiUrl('https://h/api', 'debian/')).toThrow(ValidationError)
  })
})
