// A page server as steady as a clock, for list-steady.mjs: it answers GET
// /api/1.0/work-request/[?cursor=N] after a fixed delay with the same page of the real
// server (its `results`), `next` pointing at page N + 1 until the last page. Prints its
// port on stdout once listening.
//
//   node steady-page-server.mjs PAGE_JSON_FILE DELAY_MS PAGES
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'

const [pageFile, delayMs, pages] = process.argv.slice(2)
const { results } = JSON.parse(readFileSync(pageFile, 'utf8'))

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const page = Number(url.searchParams.get('cursor') ?? '0')
  // On the host the client asked for: a proxy in between stays in between.
  const host = request.headers.host ?? `127.0.0.1:${server.address().port}`
  const next = page + 1 < Number(pages) ? `http://${host}${url.pathname}?cursor=${page + 1}` : null
  const body = JSON.stringify({ next, previous: null, results })
  // Headers and body in one write: two small writes would meet Nagle and a delayed ACK.
  setTimeout(() => response.writeHead(200, { 'Content-Type': 'application/json' }).end(body), Number(delayMs))
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => console.log(server.address().port))
