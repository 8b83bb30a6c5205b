import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { bundleImportProblems, dynamicImports } from './check-bundle-imports.mjs'
import { commonJsNamedExports } from './commonjs-named-exports.mjs'

/** A project whose entry lazily imports a name from a CommonJS package, bundled with splitting. */
async function bundle(plugins: Plugin[]): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), 'bundle-imports-'))
  mkdirSync(join(root, 'node_modules/cjs-yaml'), { recursive: true })
  writeFileSync(join(root, 'node_modules/cjs-yaml/package.json'), '{"name":"cjs-yaml","main":"index.js"}')
  writeFileSync(join(root, 'node_modules/cjs-yaml/index.js'), 'exports.parse = (text) => text.length\n')
  writeFileSync(
    join(root, 'entry.js'),
    "export async function lengthOf(text) { const { parse } = await import('cjs-yaml'); return parse(text) }\n",
  )
  const outdir = join(root, 'dist')
  await build({
    entryPoints: [join(root, 'entry.js')],
    absWorkingDir: root,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    plugins,
  })
  return outdir
}

describe('the bundle import check', () => {
  it('fails a bundle whose lazy chunk of a CommonJS package lost the named export', async () => {
    const problems = await bundleImportProblems(await bundle([]))
    expect(problems).toEqual([
      expect.stringMatching(/^entry\.js: imports parse from \.\/.+\.js, which does not export it$/),
    ])
  })

  it('passes the same bundle built with the named-exports plugin, and the import works', async () => {
    const outdir = await bundle([commonJsNamedExports])
    expect(await bundleImportProblems(outdir)).toEqual([])
    const entry = (await import(pathToFileURL(join(outdir, 'entry.js')).href)) as {
      lengthOf: (text: string) => Promise<number>
    }
    expect(await entry.lengthOf('four')).toBe(4)
  })

  it('fails a namespace handed on whole from a chunk with no named export', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'bundle-namespace-'))
    writeFileSync(join(directory, 'entry.js'), 'x ??= import("./lost.js").then((undici) => use(undici));\n')
    writeFileSync(join(directory, 'lost.js'), 'export default { Agent: 1 };\n')
    expect(await bundleImportProblems(directory)).toEqual([
      'entry.js: hands on the namespace of ./lost.js, which has no named export',
    ])
  })

  it('knows each form esbuild writes and reports any other form', () => {
    const code = [
      'const { a, b: c } = await import("./one.js");',
      'const [{ d }, { e }] = await Promise.all([\n    import("./two.js"),\n    import("./three.js")\n  ]);',
      'handler: async () => (await import("./four.js")).f',
      'x ??= import("./five.js").then(({ g }) => g());',
      'const module = await import("./six.js");',
      'y ??= import("./seven.js").then((namespace) => use(namespace, 1));',
      'defineCommands(specs, async () => import("./eight.js")),',
    ].join('\n')
    const { found, unknown } = dynamicImports(code)
    expect(found).toEqual(
      expect.arrayContaining([
        { chunk: './one.js', names: ['a', 'b'] },
        { chunk: './two.js', names: ['d'] },
        { chunk: './three.js', names: ['e'] },
        { chunk: './four.js', names: ['f'] },
        { chunk: './five.js', names: ['g'] },
        { chunk: './seven.js', names: [], namespace: true },
        { chunk: './eight.js', names: [], namespace: true },
      ]),
    )
    expect(found).toHaveLength(7)
    expect(unknown).toEqual(['import("./six.js")'])
  })
})
