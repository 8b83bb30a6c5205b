// An esbuild plugin for the CLI's bundle. undici's index loads all of undici (fetch, websocket,
// caches, mocks): twice the code a call compiles, for the three classes the transport uses
// (packages/transport/src/node/network.ts). `import('undici')` gets those classes, with the
// request API on Dispatcher as undici's index sets it; undici-dispatchers.test.ts checks that
// no source takes another name of undici.
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** The names of undici the bundle keeps: what the transport's Node network takes of it. */
export const KEPT = ['Agent', 'Dispatcher', 'ProxyAgent']

const entry = `
import Agent from './lib/dispatcher/agent.js'
import Dispatcher from './lib/dispatcher/dispatcher.js'
import ProxyAgent from './lib/dispatcher/proxy-agent.js'
import api from './lib/api/index.js'
Object.assign(Dispatcher.prototype, api)
export { ${KEPT.join(', ')} }
`

/** The plugin: `undici` resolves to its dispatchers only. */
export const undiciDispatchers = {
  name: 'undici-dispatchers',
  setup(builder) {
    builder.onResolve({ filter: /^undici$/ }, (args) => ({
      path: dirname(createRequire(join(args.resolveDir, 'importer.js')).resolve('undici')),
      namespace: 'undici-dispatchers',
    }))
    builder.onLoad({ filter: /.*/, namespace: 'undici-dispatchers' }, (args) => ({
      contents: entry,
      resolveDir: args.path,
      loader: 'js',
    }))
  },
}
