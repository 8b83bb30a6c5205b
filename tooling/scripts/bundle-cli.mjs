#!/usr/bin/env node
// Bundles the CLI into one file, dist/bin.js, with every library and dependency inside, so
// installing @debusine-ts/cli fetches one package. Run from apps/cli by its build.
// Not minified: stack traces in bug reports stay readable without a source map. The bundle
// is written over the previous one (no moment without a bin), then anything else in dist/
// (e.g. from an older build) goes, so only the bundle is packed.
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { build } from 'esbuild'

const manifest = JSON.parse(readFileSync('package.json', 'utf8'))
const node = manifest.engines.node.replace(/^>=\s*/, '')
await build({
  entryPoints: ['src/bin.ts'],
  outfile: 'dist/bin.js',
  bundle: true,
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
})
for (const entry of readdirSync('dist')) {
  if (entry !== 'bin.js') rmSync(`dist/${entry}`, { recursive: true, force: true })
}
