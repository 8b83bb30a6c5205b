#!/usr/bin/env node
// Bundles one entry of the package in the current directory into ONE file with every
// library inside: the action (its runner installs nothing) and the fake server's bin (a
// process that starts without resolving a hundred modules). No code splitting (a split
// bundle loses the named exports of a CommonJS package imported dynamically), not minified
// (stack traces stay readable), for the Node of the package's `engines`.
//   node tooling/scripts/bundle-file.mjs ENTRY OUTFILE
// The file is written beside OUTFILE first and renamed over it, so it is never half written.
import { mkdirSync, readFileSync, renameSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const [entry, outfile] = process.argv.slice(2)
if (entry === undefined || outfile === undefined) {
  console.error('usage: bundle-file.mjs ENTRY OUTFILE')
  process.exit(2)
}
const packages = join(dirname(fileURLToPath(import.meta.url)), '../../packages')
// The suite's packages (and their subpaths, such as `@debusine-ts/transport/node`) from
// their sources, not their builds: the bundle is the same whether or not the packages were built.
const packageSources = {
  name: 'package-sources',
  setup(builder) {
    builder.onResolve({ filter: /^@debusine-ts\/(models|artifacts|transport|client|events)(\/[a-z-]+)?$/ }, (args) => {
      const [, name, subpath] = /^@debusine-ts\/([a-z-]+)(?:\/([a-z-]+))?$/.exec(args.path)
      return { path: join(packages, `${name}/src/${subpath === undefined ? '' : `${subpath}/`}index.ts`) }
    })
  },
}
const manifest = JSON.parse(readFileSync('package.json', 'utf8'))
const next = `${resolve(outfile)}.next`
mkdirSync(dirname(next), { recursive: true })
await build({
  entryPoints: [entry],
  outfile: next,
  bundle: true,
  splitting: false,
  platform: 'node',
  format: 'esm',
  target: `node${manifest.engines.node.replace(/^>=\s*/, '')}`,
  // CommonJS dependencies call require() for Node built-ins, which an ES module does not have.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  conditions: ['node'],
  plugins: [packageSources],
  legalComments: 'eof',
  logLevel: 'warning',
})
renameSync(next, outfile)
