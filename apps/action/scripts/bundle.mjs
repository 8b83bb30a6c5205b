#!/usr/bin/env node
// Bundles the action into ONE file, dist/index.js, with every library inside: the runner
// runs it with its own Node and installs nothing. One file, no code splitting (a split
// bundle loses the named exports of a CommonJS package imported dynamically), not minified
// (stack traces stay readable). `node scripts/bundle.mjs OUTDIR` writes elsewhere (the check).
import { mkdirSync, renameSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const app = join(dirname(fileURLToPath(import.meta.url)), '..')
// The suite's packages (and their subpaths, such as `@debusine-ts/transport/node`) from
// their sources, not their builds: the bundle is the same whether or not the packages were built.
const packageSources = {
  name: 'package-sources',
  setup(builder) {
    builder.onResolve({ filter: /^@debusine-ts\/(models|artifacts|transport|client|events)(\/[a-z-]+)?$/ }, (args) => {
      const [, name, subpath] = /^@debusine-ts\/([a-z-]+)(?:\/([a-z-]+))?$/.exec(args.path)
      return { path: join(app, `../../packages/${name}/src/${subpath === undefined ? '' : `${subpath}/`}index.ts`) }
    })
  },
}
const outdir = process.argv[2] ?? join(app, 'dist')
const next = join(dirname(outdir), '.dist-next')
rmSync(next, { recursive: true, force: true })
mkdirSync(next, { recursive: true })
await build({
  absWorkingDir: app,
  entryPoints: ['src/index.ts'],
  outfile: join(next, 'index.js'),
  bundle: true,
  splitting: false,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  // CommonJS dependencies call require() for Node built-ins, which an ES module does not have.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  conditions: ['node'],
  plugins: [packageSources],
  legalComments: 'eof',
  logLevel: 'warning',
})
rmSync(outdir, { recursive: true, force: true })
renameSync(next, outdir)
