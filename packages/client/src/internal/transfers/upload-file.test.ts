import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AbortError, Transport } from '@debusine-ts/transport'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { FakeUploadServer, type UploadFault } from '../../../test/support/fake-upload-server.js'
import { ArtifactUploadError } from '../../errors/artifact-errors.js'
import { uploadFile, type UploadFileInput } from './upload-file.js'

const server = new FakeUploadServer()
let baseUrl: string
let directory: string

beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'debusine-ts-upload-'))
  baseUrl = await server.start()
})
afterAll(async () => {
  await server.stop()
  rmSync(directory, { recursive: true, force: true })
})
afterEach(() => {
  server.faults = []
  server.bodyLimit = undefined
})

function setUp(content: Buffer, alreadyHeld = 0): string {
  const path = join(directory, `file-${randomBytes(4).toString('hex')}`)
  writeFileSync(path, content)
  server.held = content.subarray(0, alreadyHeld)
  server.expectedSha = createHash('sha256').update(content).digest('hex')
  server.complete = false
  server.exchanges = []
  server.faults = []
  return path
}

function input(localPath: string, size: number, overrides: Partial<UploadFileInput> = {}) {
  const committed: number[] = []
  let sent = 0
  const value: UploadFileInput = {
    transport: new Transport({ apiUrl: baseUrl, token: 'secret' }),
    artifactId: 42,
    path: 'foo.dsc',
    localPath,
    size,
    chunkSize: Infinity,
    stallTimeout: 2_000,
    progressTimeout: 60_000,
    retryDelays: { initialMs: 1, maxMs: 5, maxRetryAfterMs: 5 },
    isComplete: () => Promise.resolve(server.complete),
    onCommitted: (bytes) => committed.push(bytes),
    onSent: (bytes) => {
      sent += bytes
    },
    ...overrides,
  }
  return { value, committed, sent: () => sent }
}
describe('uploadFile', () => {
  it('sends the whole file in one streamed request after the probe', async () => {
    const content = randomBytes(300_000)
    const call = input(setUp(content), content.length)
    await uploadFile(call.value)
    expect(server.exchanges).toEqual([
      { contentRange: 'bytes */300000', bodyLength: 0, status: 206 },
      { contentRange: 'bytes 0-299999/300000', bodyLength: 300_000, status: 201 },
    ])
    expect(server.held.equals(content)).toBe(true)
    expect(call.committed).toEqual([0, 300_000])
    expect(call.sent()).toBe(300_000)
  })

  it('sends the bytes of a file of a new artifact at once, and probes only after a failure', async () => {
    const content = randomBytes(300_000)
    const call = input(setUp(content), content.length, { fresh: true, chunkSize: 200_000 })
    server.faults = [undefined, 'reset-mid-body']
    await uploadFile(call.value)
    expect(server.exchanges.map((exchange) => [exchange.contentRange, exchange.status])).toEqual([
      ['bytes 0-199999/300000', 200],
      ['bytes 200000-299999/300000', 'reset'],
      ['bytes */300000', 206],
      ['bytes 200000-299999/300000', 201],
    ])
    expect(server.held.equals(content)).toBe(true)
  })

  it('resumes at the offset the server holds and sends only the rest, in chunks', async () => {
    const content = randomBytes(250_000)
    const call = input(setUp(content, 100_000), content.length, { chunkSize: 100_000 })
    await uploadFile(call.value)
    expect(server.exchanges.map((exchange) => exchange.contentRange)).toEqual([
      'bytes */250000',
      'bytes 100000-199999/250000',
      'bytes 200000-249999/250000',
    ])
    expect(call.sent()).toBe(150_000)
    expect(call.committed).toEqual([100_000, 200_000, 250_000])
    expect(server.held.equals(content)).toBe(true)
  })

  it('says once the last byte of the file was handed to the connection, before its answer', async () => {
    const content = randomBytes(250_000)
    const seen: { exchanges: number; sent: number }[] = []
    const call = input(setUp(content), content.length, {
      chunkSize: 100_000,
      onBodySent: () => seen.push({ exchanges: server.exchanges.length, sent: call.sent() }),
    })
    await uploadFile(call.value)
    // The probe and the first two chunks were answered; the last chunk's answer had not come.
    expect(seen).toEqual([{ exchanges: 3, sent: 250_000 }])
    expect(server.exchanges).toHaveLength(4)
  })

  it('retries a chunk after a reset and resumes at its offset', async () => {
    const content = randomBytes(300_000)
    const call = input(setUp(content), content.length, { chunkSize: 100_000 })
    // Probe, first chunk, then the second chunk's connection is reset mid-body.
    server.faults = [undefined, undefined, 'reset-mid-body']
    await uploadFile(call.value)
    expect(server.exchanges.map((exchange) => [exchange.contentRange, exchange.status])).toEqual([
      ['bytes */300000', 206],
      ['bytes 0-99999/300000', 200],
      ['bytes 100000-199999/300000', 'reset'],
      ['bytes */300000', 206],
      ['bytes 100000-199999/300000', 200],
      ['bytes 200000-299999/300000', 201],
    ])
    expect(server.held.equals(content)).toBe(true)
  })

  it('retries a chunk after a 5xx and after a stall', async () => {
    const content = randomBytes(50_000)
    const call = input(setUp(content), content.length, { stallTimeout: 300 })
    server.faults = [undefined, 500, undefined, 'stall']
    await uploadFile(call.value)
    expect(server.exchanges.map((exchange) => exchange.status)).toEqual([206, 500, 206, 'stall', 206, 201])
    expect(server.complete).toBe(true)
  })

  it('does not resend a file the server completed when the answer was lost', async () => {
    const content = randomBytes(50_000)
    const call = input(setUp(content), content.length)
    // The server stores everything, then the connection drops before the 201 arrives.
    server.faults = [undefined, 'reset-before-answer']
    server.complete = false
    const original = call.value.isComplete
    call.value.isComplete = () => {
      server.complete = true
      return original()
    }
    await uploadFile(call.value)
    expect(server.exchanges.map((exchange) => exchange.status)).toEqual([206, 'reset', 206])
  })

  it('restarts the whole file after a 409, at most 3 times', async () => {
    const content = randomBytes(20_000)
    const call = input(setUp(content), content.length, { chunkSize: 10_000 })
    server.faults = [undefined, undefined, 409]
    await uploadFile(call.value)
    expect(server.exchanges.map((exchange) => [exchange.contentRange, exchange.status])).toEqual([
      ['bytes */20000', 206],
      ['bytes 0-9999/20000', 200],
      ['bytes 10000-19999/20000', 409],
      ['bytes */20000', 206],
      ['bytes 0-9999/20000', 200],
      ['bytes 10000-19999/20000', 201],
    ])

    const again = input(setUp(content), content.length)
    server.faults = [undefined, 409, undefined, 409, undefined, 409]
    const failure = uploadFile(again.value)
    await expect(failure).rejects.toThrow(ArtifactUploadError)
    await expect(failure).rejects.toThrow(
      /^Upload of "foo.dsc" \(artifact 42\) failed after 3 attempts: the server rejected the received bytes 3 times \(HTTP 409 Invalid file hash\)/,
    )
    expect(server.exchanges).toHaveLength(6)
  })

  it('keeps going while the server acknowledges new bytes, well past any fixed number of failures', async () => {
    const content = randomBytes(100_000)
    const call = input(setUp(content), content.length, { chunkSize: 10_000 })
    // Probe, one chunk that passes, one that is reset: nine times over.
    server.faults = Array.from(
      { length: 9 },
      () => [undefined, undefined, 'reset-mid-body'] as UploadFault[],
    ).flat()
    await uploadFile(call.value)
    expect(server.exchanges.filter((exchange) => exchange.status === 'reset')).toHaveLength(9)
    expect(server.held.equals(content)).toBe(true)
  })

  it('halves a chunk that failed while being sent, down to minChunkSize', async () => {
    const content = randomBytes(400_000)
    const call = input(setUp(content), content.length, { minChunkSize: 50_000 })
    server.faults = [undefined, 'reset-mid-body', undefined, 'reset-mid-body', undefined, 'reset-mid-body']
    await uploadFile(call.value)
    expect(
      server.exchanges.filter((exchange) => exchange.status !== 206).map((exchange) => exchange.contentRange),
    ).toEqual([
      'bytes 0-399999/400000',
      'bytes 0-199999/400000',
      'bytes 0-99999/400000',
      'bytes 0-49999/400000',
      'bytes 50000-99999/400000',
      ...[100_000, 150_000, 200_000, 250_000, 300_000, 350_000].map(
        (start) => `bytes ${start}-${start + 49_999}/400000`,
      ),
    ])
    expect(server.held.equals(content)).toBe(true)
  })

  it('gives up once no new byte was acknowledged for progressTimeout, saying how to resume', async () => {
    const content = randomBytes(50_000)
    const call = input(setUp(content), content.length, { progressTimeout: 0 })
    server.faults = [undefined, 'reset-mid-body']
    const failure = uploadFile(call.value)
    await expect(failure).rejects.toThrow(
      /^Upload of "foo.dsc" \(artifact 42\) failed: connection reset by the server \(ECONNRESET\); the server acknowledged no new byte for 0 s\. Run the same command again to resume\.$/,
    )
    await expect(failure).rejects.toMatchObject({
      code: 'upload_failed',
      isRetryable: true,
      artifactId: 42,
      attempts: 1,
    })
  })

  it('sends a body a proxy refuses (413) again in chunks of the fallback size', async () => {
    const content = randomBytes(250_000)
    const call = input(setUp(content), content.length, { fallbackChunkSize: 100_000 })
    server.bodyLimit = { bytes: 100_000, when: 'late' }
    await uploadFile(call.value)
    expect(server.exchanges.map((exchange) => [exchange.contentRange, exchange.status])).toEqual([
      ['bytes */250000', 206],
      ['bytes 0-249999/250000', 413],
      ['bytes */250000', 206],
      ['bytes 0-99999/250000', 200],
      ['bytes 100000-199999/250000', 200],
      ['bytes 200000-249999/250000', 201],
    ])
    expect(server.held.equals(content)).toBe(true)
    expect(call.committed.at(-1)).toBe(250_000)
  })

  it('also falls back when the proxy answers 413 before reading the body', async () => {
    // Big enough that the body is still being sent when the answer and the close arrive.
    const content = randomBytes(8 * 1024 * 1024)
    const call = input(setUp(content), content.length, { fallbackChunkSize: 3 * 1024 * 1024 })
    server.bodyLimit = { bytes: 3 * 1024 * 1024, when: 'early' }
    await uploadFile(call.value)
    const chunks = server.exchanges.filter((exchange) => exchange.status !== 206)
    expect(chunks[0]).toMatchObject({
      contentRange: `bytes 0-${content.length - 1}/${content.length}`,
      status: 413,
    })
    expect(chunks.slice(1).map((exchange) => exchange.bodyLength)).toEqual([
      3 * 1024 * 1024,
      3 * 1024 * 1024,
      2 * 1024 * 1024,
    ])
    expect(server.held.equals(content)).toBe(true)
  })

  it('fails with a clear message when even the fallback chunk size is refused', async () => {
    const content = randomBytes(50_000)
    const call = input(setUp(content), content.length, { fallbackChunkSize: 20_000 })
    server.bodyLimit = { bytes: 10_000, when: 'late' }
    const failure = uploadFile(call.value)
    await expect(failure).rejects.toThrow(
      /HTTP 413 .*refuses a body of 20000 bytes; pass a smaller chunkSize/,
    )
    await expect(failure).rejects.toMatchObject({ isRetryable: false })
    expect(server.exchanges.map((exchange) => exchange.status)).toEqual([206, 413, 206, 413])
  })

  it('refuses a local file whose size changed, before sending', async () => {
    const content = randomBytes(1000)
    const call = input(setUp(content), 999)
    await expect(uploadFile(call.value)).rejects.toThrow(/has 1000 bytes but the artifact declares 999/)
    expect(server.exchanges).toEqual([])
  })

  it('stops when the signal aborts', async () => {
    const content = randomBytes(50_000)
    const controller = new AbortController()
    const call = input(setUp(content), content.length, { signal: controller.signal, stallTimeout: 60_000 })
    server.faults = [undefined, 'stall']
    setTimeout(() => controller.abort(), 200)
    await expect(uploadFile(call.value)).rejects.toThrow(AbortError)
  })
})
