// The pager of lib/pager.py in Node with nothing but `node:http`: one keep-alive connection,
// GET the first page, follow `next`, JSON parsed, nothing printed; prints how many items it read.
//
//   node node-pager.mjs API_URL TOKEN SCOPE LIMIT
import { Agent, get } from 'node:http'

const [api, token, scope, limit] = process.argv.slice(2)
const agent = new Agent({ keepAlive: true })
const headers = { Token: token, 'X-Debusine-Scope': scope, Accept: 'application/json' }

function page(url) {
  return new Promise((resolve, reject) => {
    get(url, { agent, headers }, (response) => {
      const blocks = []
      response.on('data', (block) => blocks.push(block))
      response.on('end', () => resolve(JSON.parse(Buffer.concat(blocks).toString('utf8'))))
      response.on('error', reject)
    }).on('error', reject)
  })
}

let url = `${api}/1.0/work-request/`
let seen = 0
while (url && seen < Number(limit)) {
  const body = await page(url)
  seen += body.results.length
  url = body.next
}
agent.destroy()
console.log(Math.min(seen, Number(limit)))
