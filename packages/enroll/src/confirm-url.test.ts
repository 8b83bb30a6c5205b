import { describe, expect, it } from 'vitest'
import { enrollmentConfirmUrl } from './confirm-url.js'

describe('enrollmentConfirmUrl', () => {
  it.each([
    ['https://debusine.debian.net/api', 'https://debusine.debian.net/-/enroll/confirm/N0nce_-x/'],
    ['https://debusine.debian.net/api/', 'https://debusine.debian.net/-/enroll/confirm/N0nce_-x/'],
    ['http://localhost:8000/api//', 'http://localhost:8000/-/enroll/confirm/N0nce_-x/'],
    ['https://host/prefix/api/', 'https://host/prefix/-/enroll/confirm/N0nce_-x/'],
  ])('puts the page of %s next to the API', (apiUrl, expected) => {
    expect(enrollmentConfirmUrl(apiUrl, 'N0nce_-x')).toBe(expected)
  })

  it('rejects an API URL that is not http(s)', () => {
    expect(() => enrollmentConfirmUrl('ftp://host/api', 'N0nce_-x')).toThrow(/must use http or https/)
  })
})
