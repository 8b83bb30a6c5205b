import type { Logger } from '@debusine-ts/transport'
import { describe, expect, it } from 'vitest'
import { ChannelRejectedError, TokenRejectedError } from './channel-rejected-error.js'
import { processAsyncMessage, type ChannelMessage } from './dispatch.js'
import { TokenDisabledError } from './token-disabled-error.js'

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = []
  const record = (level: string) => (message: string) => lines.push(`${level}: ${message}`)
  return { lines, debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') }
}

describe('processAsyncMessage', () => {
  it('calls the handler that text selects with the decoded object and returns true', () => {
    const received: ChannelMessage[] = []
    const message = { type: 'websocket.send', text: 'work_request_completed', work_request_id: 3 }
    expect(
      processAsyncMessage(JSON.stringify(message), { work_request_completed: (m) => received.push(m) }),
    ).toBe(true)
    expect(received).toEqual([message])
  })

  it('returns false and logs for invalid JSON, binary frames, non-objects, unknown text and unsupported payloads', () => {
    const logger = recordingLogger()
    const handlers = { connected: () => {} }
    expect(processAsyncMessage('{', handlers, logger)).toBe(false)
    expect(processAsyncMessage(new Uint8Array([1]), handlers, logger)).toBe(false)
    expect(processAsyncMessage('[1]', handlers, logger)).toBe(false)
    expect(processAsyncMessage('{"text": "toString"}', handlers, logger)).toBe(false)
    expect(processAsyncMessage('{"text": "new_kind"}', handlers, logger)).toBe(false)
    expect(processAsyncMessage('{"type": "other"}', handlers, logger)).toBe(false)
    expect(logger.lines).toEqual([
      'warn: Ignoring a websocket message that is not JSON',
      'warn: Ignoring a binary websocket message',
      'warn: Ignoring a websocket message that is not a JSON object',
      'warn: Ignoring a websocket message with an unknown text',
      'warn: Ignoring a websocket message with an unknown text',
      'warn: Ignoring an unsupported websocket message',
    ])
  })

  it('does not warn about connected when nobody handles it', () => {
    const logger = recordingLogger()
    expect(processAsyncMessage('{"text": "connected"}', {}, logger)).toBe(false)
    expect(logger.lines).toEqual(['debug: Connected'])
  })

  it('throws TokenDisabledError for reason_code TOKEN_DISABLED', () => {
    const message = JSON.stringify({
      type: 'connection_closed',
      reason: 'Token has been disabled',
      reason_code: 'TOKEN_DISABLED',
    })
    expect(() => processAsyncMessage(message, {})).toThrow(TokenDisabledError)
    expect(() => processAsyncMessage(message, {})).toThrow('Token has been disabled')
  })

  it('throws TokenRejectedError or ChannelRejectedError for connection_rejected (no reason_code on this channel)', () => {
    const token = JSON.stringify({
      type: 'connection_rejected',
      reason: 'No token header, token not associated to a user or not enabled',
    })
    expect(() => processAsyncMessage(token, {})).toThrow(TokenRejectedError)
    const workspace = JSON.stringify({ type: 'connection_rejected', reason: 'Workspace "X" not found' })
    let error: unknown
    try {
      processAsyncMessage(workspace, {})
    } catch (caught) {
      error = caught
    }
    expect(ChannelRejectedError.isInstance(error)).toBe(true)
    expect(TokenRejectedError.isInstance(error)).toBe(false)
    expect((error as ChannelRejectedError).reason).toBe('Workspace "X" not found')
  })
})
