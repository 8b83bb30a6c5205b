/**
 * A child process of `answer-bounds-gc.test.ts`, run with `--expose-gc`: it asks the hostile
 * server at `process.argv[2]` for each path of `process.argv[3]` (comma-separated) with a
 * 1 s timeout, through fetch and through the Node network, while a collection is forced
 * every few milliseconds, and prints one JSON line per request: how it ended, after how long,
 * and the peak resident memory.
 */
import { createNodeNetwork } from '../../src/node/network.js'
import { Transport } from '../../src/transport.js'

const [apiUrl = '', paths = ''] = process.argv.slice(2)
const collect = (globalThis as { gc?: () => void }).gc
if (collect === undefined) throw new Error('run this with node --expose-gc')

let peak = 0
const collector = setInterval(() => {
  collect()
  peak = Math.max(peak, process.memoryUsage().rss)
}, 5)

for (const route of ['fetch', 'network']) {
  for (const path of paths.split(',')) {
    const network = route === 'network' ? createNodeNetwork({ env: {} }) : undefined
    // A limit far above what arrives in a second: the timeout is what must end the read.
    const transport = new Transport({
      apiUrl,
      timeout: 1_000,
      maxRetries: 0,
      network,
      maxResponseBytes: 2 ** 32,
    })
    peak = process.memoryUsage().rss
    const started = performance.now()
    let outcome = 'answered'
    try {
      await transport.request('GET', path)
    } catch (error) {
      outcome = (error as Error).name
    }
    const ms = Math.round(performance.now() - started)
    process.stdout.write(
      `${JSON.stringify({ route, path, outcome, ms, peakMiB: Math.round(peak / 2 ** 20) })}\n`,
    )
    await network?.close()
  }
}
clearInterval(collector)
