import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the server answered (or failed on purpose): its `Content-Range`, body size and outcome. */
export interface UploadExchange {
  contentRange: string
  bodyLength: number
  status: number | 'reset' | 'stall'
}

/** A failure scripted for one request, in order (`undefined`: answer it normally). */
export type UploadFault = 'reset-mid-body' | 'reset-before-answer' | 500 | 409 | 'stall' | undefined

function answer(response: ServerResponse, status: number, range?: number): void {
  if (range !== undefined) response.setHeader('Range', `bytes=0-${range}`)
  response
    .writeHead(status, { 'Content-Type': 'application/problem+json' })
    .end(status === 409 ? '{"title":"Invalid file hash"}' : status >= 400 ? '{"title":"Error"}' : '')
}

/**
 * A loopback server that keeps one file the way Debusine 0.16.2 does (docs/protocol.md §5):
 * probe → 206 "bytes=0-N", chunk → 200 "bytes=0-N" or 201 once the hash matches, 409 when
 * it does not, and scripted failures on top. Its state is open for a test to set and check.
 */
export class FakeUploadServer {
  /** The bytes the server holds of the file. */
  held: Buffer = Buffer.alloc(0)
  /** The SHA-256 the file must have. */
  expectedSha = ''
  /** Whether the server holds the whole file, hash checked. */
  complete = false
  /** Every request, in order. */
  exchanges: UploadExchange[] = []
  /** The failures of the next requests, in order. */
  faults: UploadFault[] = []
  /**
   * A proxy's body limit: a larger body gets a 413, after the body was read ('late') or at
   * once, as nginx answers from the Content-Length ('early').
   */
  bodyLimit: { bytes: number; when: 'early' | 'late' } | undefined
  readonly #server = createServer((request, response) => this.#handle(request, response))

  /** Listen on loopback; resolves to the `/api` URL to give a transport. */
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.#server.address() as AddressInfo).port}/api`
  }

  /** Close every connection and stop listening. */
  async stop(): Promise<void> {
    this.#server.closeAllConnections()
    await new Promise((resolve) => this.#server.close(resolve))
  }

  #refuseOverLimit(request: IncomingMessage, response: ServerResponse): boolean {
    const declared = Number(request.headers['content-length'] ?? 0)
    if (this.bodyLimit === undefined || declared <= this.bodyLimit.bytes) return false
    const refuse = (): void => {
      this.exchanges.push({
        contentRange: request.headers['content-range'] ?? '',
        bodyLength: declared,
        status: 413,
      })
      response.writeHead(413, { Connection: 'close', 'Content-Type': 'text/html' }).end('Too large')
    }
    if (this.bodyLimit.when === 'early') {
      refuse()
    } else {
      request.resume()
      request.on('end', refuse)
    }
    return true
  }

  #handle(request: IncomingMessage, response: ServerResponse): void {
    if (this.#refuseOverLimit(request, response)) return
    const contentRange = request.headers['content-range'] ?? ''
    const fault = this.faults.shift()
    const blocks: Buffer[] = []
    let received = 0
    request.on('data', (block: Buffer) => {
      received += block.length
      blocks.push(block)
      if (fault === 'reset-mid-body' && received > 1000) {
        this.exchanges.push({ contentRange, bodyLength: received, status: 'reset' })
        request.socket.resetAndDestroy()
      }
    })
    request.on('end', () => {
      const body = Buffer.concat(blocks)
      if (fault === 'reset-mid-body') return
      if (fault === 'reset-before-answer' || fault === 'stall') {
        this.exchanges.push({
          contentRange,
          bodyLength: body.length,
          status: fault === 'stall' ? 'stall' : 'reset',
        })
        if (fault === 'reset-before-answer') request.socket.destroy()
        return
      }
      const [status, range] = this.#store(contentRange, body, fault)
      this.exchanges.push({ contentRange, bodyLength: body.length, status })
      answer(response, status, range)
    })
  }

  /** The status (and `Range` end) answering a complete request body. */
  #store(contentRange: string, body: Buffer, fault: UploadFault): [number, number?] {
    if (fault === 500) return [500]
    if (/^bytes \*\/(\d+)$/.test(contentRange)) return [206, this.complete ? 0 : this.held.length]
    const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(contentRange)
    if (!chunk) return [400]
    const [start, end, size] = [Number(chunk[1]), Number(chunk[2]), Number(chunk[3])]
    if (this.complete) return [201]
    if (start > this.held.length || body.length !== end - start + 1) return [400]
    this.held = Buffer.concat([this.held.subarray(0, start), body])
    if (this.held.length < size) return [200, this.held.length]
    if (fault === 409 || createHash('sha256').update(this.held).digest('hex') !== this.expectedSha) {
      this.held = Buffer.alloc(0)
      return [409]
    }
    this.complete = true
    return [201]
  }
}
