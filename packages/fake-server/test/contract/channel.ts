import WebSocket from 'ws'
import type { Target } from './target.js'

/**
 * Open the completion channel with `query`, and collect its messages until `count` have
 * come or the server closed it.
 */
export function channelMessages(target: Target, query: string, count: number, token = target.token): Promise<unknown[]> {
  const url = `${target.apiUrl.replace(/^http/, 'ws')}/ws/1.0/work-request/on-completed/${query}`
  return new Promise((resolve, reject) => {
    const messages: unknown[] = []
    const socket = new WebSocket(url, { headers: { token }, perMessageDeflate: false })
    const timer = setTimeout(() => {
      socket.terminate()
      reject(new Error(`${target.name}: ${messages.length} of ${count} messages: ${JSON.stringify(messages)}`))
    }, 30_000)
    const finish = () => {
      clearTimeout(timer)
      socket.terminate()
      resolve(messages)
    }
    socket.on('message', (data: Buffer) => {
      messages.push(JSON.parse(data.toString('utf8')))
      if (messages.length >= count) finish()
    })
    socket.on('close', finish)
    socket.on('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
  })
}
