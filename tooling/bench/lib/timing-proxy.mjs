// A TCP proxy in front of the real server that tells the server's time from the client's, for
// list-work-requests.mjs. On each connection it notes, for every request, the time from the
// request's last byte to the answer's first byte (the server's time) and from the answer's
// last byte to the next request's first byte (the client's time between two pages), and
// appends them to TIMES_FILE as lines `server MS` and `gap MS` the moment it knows them: by
// the time a client exits, its figures are in the file. Prints its port once listening.
//
//   node timing-proxy.mjs HOST:PORT TIMES_FILE
import { appendFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'

const [target, timesFile] = process.argv.slice(2)
const [host, port] = target.split(':')
const now = () => Number(process.hrtime.bigint()) / 1e6

const proxy = createServer((client) => {
  const server = connect(Number(port), host)
  // Both ways at once: Nagle's wait for an ACK would add to the very times measured.
  client.setNoDelay(true)
  server.setNoDelay(true)
  let requestEnd = 0
  let answerEnd = 0
  let state = 'idle'
  client.on('data', (block) => {
    const at = now()
    if (state === 'answer') appendFileSync(timesFile, `gap ${at - answerEnd}\n`)
    state = 'request'
    requestEnd = at
    server.write(block)
  })
  server.on('data', (block) => {
    const at = now()
    if (state === 'request') appendFileSync(timesFile, `server ${at - requestEnd}\n`)
    state = 'answer'
    answerEnd = at
    client.write(block)
  })
  const close = () => {
    client.destroy()
    server.destroy()
  }
  for (const socket of [client, server]) socket.on('close', close).on('error', close)
})
proxy.listen(0, '127.0.0.1', () => console.log(proxy.address().port))
