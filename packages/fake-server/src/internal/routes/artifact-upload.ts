import { createHash } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import { requireUser, type Exchange } from '../http/exchange.js'
import { sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { StoredFile } from '../records.js'
import { findArtifact } from './artifacts.js'

/** A parsed `Content-Range`: a probe (`bytes *\/size`) or a chunk (`bytes a-b/size`). */
type ContentRange = { kind: 'probe'; size: number } | { kind: 'chunk'; start: number; end: number; size: number }

function parseContentRange(header: string | undefined): ContentRange | null {
  const probe = /^bytes \*\/(\d+)$/.exec(header ?? '')
  if (probe) return { kind: 'probe', size: Number(probe[1]) }
  const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header ?? '')
  if (chunk) return { kind: 'chunk', start: Number(chunk[1]), end: Number(chunk[2]), size: Number(chunk[3]) }
  return null
}

/** An empty answer with the `Range` header that tells how many bytes the fake holds. */
function sendHeld(response: ServerResponse, status: number, file: StoredFile | null): void {
  const headers: Record<string, string> = { 'Content-Length': '0', Vary: 'Accept, Cookie, Token' }
  if (file != null) headers.Range = `bytes=0-${file.bytes.length}`
  response.writeHead(status, headers)
  response.end()
}

/** Take a chunk: append it, and once every byte is there, check the hash. */
function acceptChunk(exchange: Exchange, file: StoredFile, range: Extract<ContentRange, { kind: 'chunk' }>): void {
  const { response, body } = exchange
  if (range.start > file.bytes.length) {
    sendProblem(
      response,
      400,
      `Server had received ${file.bytes.length} bytes of the file. New upload starts at ${range.start}. Please continue from ${file.bytes.length}`,
    )
    return
  }
  if (range.end >= file.size || range.size !== file.size || body.length !== range.end - range.start + 1) {
    sendProblem(response, 400, 'Error', `Invalid Content-Range bytes ${range.start}-${range.end}/${range.size}`)
    return
  }
  file.bytes = Buffer.concat([file.bytes.subarray(0, range.start), body])
  if (file.bytes.length < file.size) {
    sendHeld(response, 200, file)
    return
  }
  const received = createHash('sha256').update(file.bytes).digest('hex')
  if (received !== file.sha256) {
    file.bytes = Buffer.alloc(0)
    sendProblem(response, 409, `Invalid file hash. Expected: ${file.sha256} Received: ${received}`)
    return
  }
  file.complete = true
  sendHeld(response, 201, null)
}

function uploadFile(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const artifact = findArtifact(exchange, exchange.params[0])
  if (artifact == null) return
  const file = artifact.files.get(exchange.params[1] ?? '')
  if (file == null) {
    sendProblem(exchange.response, 404, 'Error', `No file ${exchange.params[1]} in artifact ${artifact.id}`)
    return
  }
  const range = parseContentRange(exchange.request.headers['content-range'])
  if (range == null) {
    sendProblem(exchange.response, 400, 'Error', 'Invalid or missing Content-Range header')
    return
  }
  if (range.kind === 'probe') {
    if (file.bytes.length > 0 && range.size !== file.size) {
      sendProblem(exchange.response, 400, 'Error', `Invalid file size: ${range.size}, expected ${file.size}`)
      return
    }
    // 0.16.2 answers a complete file's probe as a fresh one's: 206, `bytes=0-0`.
    sendHeld(exchange.response, 206, file.complete ? { ...file, bytes: Buffer.alloc(0) } : file)
    return
  }
  if (file.complete) {
    sendHeld(exchange.response, 201, null)
    return
  }
  acceptChunk(exchange, file, range)
}

/** The resumable upload of an artifact's files (`Content-Range` PUTs). */
export const artifactUploadRoutes: Route[] = [route('PUT /api/1.0/artifact/{id}/files/{path+}/', uploadFile)]
