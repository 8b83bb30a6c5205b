import { gunzipSync } from 'node:zlib'
import { expect } from 'vitest'
import type { ContractExchange, Outcome } from './exchange.js'
import type { Answer } from './http-call.js'
import { shapeDifferences } from './shape.js'

/** The regular files of a .tar.gz as name → content (PAX extended headers skipped). */
export function tarMembers(bytes: Buffer): Record<string, string> {
  if (bytes.length === 0) return {}
  const tar = gunzipSync(bytes)
  const members: Record<string, string> = {}
  for (let offset = 0; offset + 512 <= tar.length; ) {
    const header = tar.subarray(offset, offset + 512)
    if (header.every((byte) => byte === 0)) break
    const text = (start: number, length: number) => header.toString('utf8', start, start + length).replace(/\0.*$/s, '')
    const size = parseInt(text(124, 12).trim() || '0', 8)
    const prefix = text(345, 155)
    const name = prefix === '' ? text(0, 100) : `${prefix}/${text(0, 100)}`
    if (text(156, 1) === '0' || text(156, 1) === '') members[name] = tar.toString('utf8', offset + 512, offset + 512 + size)
    offset += 512 + Math.ceil(size / 512) * 512
  }
  return members
}

function compareBodies(exchange: ContractExchange, real: Answer, fake: Answer): void {
  const contentType = real.headers['content-type'] ?? ''
  if (exchange.body === 'bytes') {
    expect(fake.bytes.toString('latin1'), 'body').toBe(real.bytes.toString('latin1'))
  } else if (contentType.includes('json')) {
    const [realBody, fakeBody] = [JSON.parse(real.bytes.toString()), JSON.parse(fake.bytes.toString())] as unknown[]
    expect(shapeDifferences(realBody, fakeBody), 'body shape').toEqual([])
    if (contentType === 'application/problem+json') {
      expect((fakeBody as { title: string }).title, 'problem title').toBe((realBody as { title: string }).title)
    }
    if (exchange.schema != null) {
      expect(exchange.schema.safeParse(realBody).error, 'real body against the schema').toBeUndefined()
      expect(exchange.schema.safeParse(fakeBody).error, 'fake body against the schema').toBeUndefined()
    }
  } else if (exchange.body === 'tar') {
    expect(tarMembers(fake.bytes), 'tarball members').toEqual(tarMembers(real.bytes))
  } else if (exchange.body !== 'none' && real.bytes.length > 0) {
    throw new Error(`${exchange.name}: a ${contentType} body needs a \`body\` comparison in the exchange`)
  }
}

function compareAnswers(exchange: ContractExchange, real: Answer, fake: Answer): void {
  expect(fake.status, 'status').toBe(real.status)
  expect(fake.headers['content-type'], 'Content-Type').toBe(real.headers['content-type'])
  for (const name of exchange.sameHeaders ?? []) expect(fake.headers[name], name).toBe(real.headers[name])
  for (const name of exchange.presentHeaders ?? []) {
    expect(real.headers[name], `${name} (real)`).toBeDefined()
    expect(fake.headers[name], `${name} (fake)`).toBeDefined()
  }
  compareBodies(exchange, real, fake)
}

function compareMessages(real: unknown[], fake: unknown[]): void {
  const pick = (message: unknown) => {
    const { type, text, reason } = message as Record<string, unknown>
    return { type, text, reason }
  }
  expect(fake.map(pick), 'messages').toEqual(real.map(pick))
  real.forEach((message, index) => expect(shapeDifferences(message, fake[index]), `message ${index}`).toEqual([]))
}

/** Fail unless the fake's outcome agrees with the real server's on everything the contract names. */
export function compareOutcomes(exchange: ContractExchange, real: Outcome, fake: Outcome): void {
  if (real.answer != null) compareAnswers(exchange, real.answer, fake.answer!)
  if (real.messages != null) compareMessages(real.messages, fake.messages!)
  expect(fake.facts, 'facts').toEqual(real.facts)
}
