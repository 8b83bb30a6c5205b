import { ValidationError } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { encodePathSegment, keepSlashes, path } from './path.js'

describe('path', () => {
  it('encodes like Python quote(): unreserved characters kept, the rest percent-encoded', () => {
    expect(encodePathSegment('AZaz09_.-~')).toBe('AZaz09_.-~')
    expect(encodePathSegment("a b@c:d/e!'()*+,;=&?#%")).toBe(
      'a%20b%40c%3Ad%2Fe%21%27%28%29%2A%2B%2C%3B%3D%26%3F%23%25',
    )
    expect(encodePathSegment('é☃')).toBe('%C3%A9%E2%98%83')
  })

  it('encodes each interpolated value as one segment', () => {
    expect(path`/work-request/${42}/`).toBe('/work-request/42/')
    expect(path`/collection/${'System'}/${'debian:suite'}/${'a b'}/item/`).toBe(
      '/collection/System/debian%3Asuite/a%20b/item/',
    )
    expect(path`/workflow-template/${'ws/evil'}/`).toBe('/workflow-template/ws%2Fevil/')
  })

  it('keeps the slashes of a value wrapped in keepSlashes', () => {
    expect(path`/artifact/${7}/files/${keepSlashes('dir/sub/a b@1:2.txt')}/`).toBe(
      '/artifact/7/files/dir/sub/a%20b%401%3A2.txt/',
    )
  })

  it.each([[''], ['.'], ['..']])('refuses the segment %j', (value) => {
    expect(() => path`/x/${value}/`).toThrow(ValidationError)
  })

  it.each([['/abs'], ['dir/'], ['a//b'], ['a/../b'], ['./a']])('refuses the file path %j', (value) => {
    expect(() => path`/files/${keepSlashes(value)}/`).toThrow(ValidationError)
  })

  it('refuses values that are not strings or numbers', () => {
    expect(() => path`/x/${{}}/`).toThrow(/not a string or a number/)
    expect(() => path`/x/${undefined}/`).toThrow(ValidationError)
  })
})
