import { describe, expect, it } from 'vitest'
import { HttpFramingError, HttpResponseReader, type ResponseHead } from './http-response-reader.js'

const encoder = new TextEncoder()

/** Feed `text` to a reader in pieces of `step` bytes; return what it reported. */
function read(text: string, step: number, wantBody = true) {
  const heads: ResponseHead[] = []
  const body: number[] = []
  const reader = new HttpResponseReader({
    onHead: (head) => {
      heads.push(head)
      return wantBody
    },
    onBody: (block) => body.push(...block),
  })
  const bytes = encoder.encode(text)
  for (let at = 0; at < bytes.length; at += step) reader.feed(bytes.subarray(at, at + step))
  return { heads, body: new TextDecoder().decode(new Uint8Array(body)), reader }
}

const chunked =
  'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX-A: 1\r\nx-a: 2\r\n\r\n' +
  '5;ext=1\r\nhello\r\n1A\r\n, a body in several chunks\r\n0\r\nTrailer: t\r\n\r\n'

describe('HttpResponseReader', () => {
  it.each([1, 2, 3, 7, 64, 4096])('undoes chunked coding fed %i byte(s) at a time', (step) => {
    const { heads, body, reader } = read(chunked, step)
    expect(heads).toHaveLength(1)
    expect(heads[0]?.status).toBe(200)
    expect(heads[0]?.headers.get('x-a')).toBe('1, 2')
    expect(body).toBe('hello, a body in several chunks')
    expect(reader.complete).toBe(true)
  })

  it('stops a Content-Length body at its length, and knows a cut one is not complete', () => {
    const whole = read('HTTP/1.1 206 Partial\r\nContent-Length: 5\r\n\r\nhelloEXTRA', 4)
    expect(whole.body).toBe('hello')
    expect(whole.reader.complete).toBe(true)
    const cut = read('HTTP/1.1 200 OK\r\nContent-Length: 50\r\n\r\nhello', 4)
    expect(cut.body).toBe('hello')
    expect(cut.reader.complete).toBe(false)
    expect(cut.reader.endsWithClose).toBe(false)
  })

  it('takes a body without length up to the close, skips an interim 100 and an empty 204', () => {
    const untilClose = read('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n\r\nall of it', 5)
    expect(untilClose.heads.map((head) => head.status)).toEqual([200])
    expect(untilClose.body).toBe('all of it')
    expect(untilClose.reader.endsWithClose).toBe(true)
    expect(read('HTTP/1.1 204 No Content\r\n\r\n', 3).reader.complete).toBe(true)
  })

  it('passes no body on when the head is declined', () => {
    const { body, reader } = read('HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found', 64, false)
    expect(body).toBe('')
    expect(reader.stopped).toBe(true)
  })

  it.each([
    ['a status line that is not HTTP', 'SMTP ready\r\n\r\n'],
    ['a header line without a colon', 'HTTP/1.1 200 OK\r\nno colon\r\n\r\n'],
    ['a bad chunk size', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
    ['chunk data longer than announced', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabc\r\n'],
    ['a coding it cannot undo', 'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\n\r\n'],
    ['a bad Content-Length', 'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n'],
  ])('refuses %s', (_what, text) => {
    expect(() => read(text, 3)).toThrow(HttpFramingError)
  })

  it('refuses a head over 64 KiB', () => {
    const huge = `HTTP/1.1 200 OK\r\nX-Big: ${'a'.repeat(70 * 1024)}`
    expect(() => read(huge, 8192)).toThrow(/over 64 KiB/)
  })
})
