#!/usr/bin/env node
// Bundles the CLI with every library and dependency inside, so installing @debusine-ts/cli
// fetches one package with no dependency. Run from apps/cli by its build.
// @NOTE Split into dist/bin.js and lazily loaded chunks rather than one file: one 2 MB file
// costs every call about 140 ms of parsing (`--version` took twice as long); split, a call
// loads only what its command needs, as the unbundled CLI did.
// Not minified: stack traces in bug reports stay readable without a source map. Built into
// .dist-next and swapped in, so no stale chunk is packed and dist/ never goes missing.
import { readFileSync, renameSync, rmSync } from 'node:fs'
import { build } from 'esbuild'
import { bundleImportProblems } from './check-bundle-imports.mjs'
import { commonJsNamedExports } from './commonjs-named-exports.mjs'
import { undiciDispatchers } from './undici-dispatchers.mjs'

const manifest = JSON.parse(readFileSync('package.json', 'utf8'))
const node = manifest.engines.node.replace(/^>=\s*/, '')
rmSync('.dist-next', { recursive: true, force: true })
await build({
  entryPoints: ['src/bin.ts'],
  outdir: '.dist-next',
  // Chunks beside bin.js: code that finds package.json at `../package.json` from its own
  // module (the CLI's version) must find it from every chunk.
  chunkNames: '[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: `node${node}`,
  // CommonJS dependencies (tar-stream and its streams) call require() for Node built-ins,
  // which an ES module does not have.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Libraries pick their Node entry; no browser shims.
  conditions: ['node'],
  legalComments: 'eof',
  logLevel: 'warning',
  plugins: [undiciDispatchers, commonJsNamedExports],
})
const problems = await bundleImportProblems('.dist-next')
if (problems.length > 0) {
  for (const problem of problems) console.error(`bundle-cli: ${problem}`)
  process.exit(1)
}
rmSync('dist', { recursive: true, force: true })
renameSync('.dist-next', 'dist')
