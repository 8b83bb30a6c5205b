// An esbuild plugin. With code splitting, esbuild turns `await import('a-commonjs-package')` into
// a chunk whose only export is `default`, so `const { parse } = await import('yaml')` gets
// undefined. Such imports go through a small ES module that names each export of the package,
// read by loading the package here at build time.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)

/** Whether a resolved file is CommonJS, as Node decides it (extension, then the package's type). */
function isCommonJs(file) {
  if (file.endsWith('.cjs')) return true
  if (file.endsWith('.mjs')) return false
  for (let directory = dirname(file); directory !== dirname(directory); directory = dirname(directory)) {
    try {
      return JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')).type !== 'module'
    } catch (error) {
      if (error.code !== 'ENOENT') throw error
    }
  }
  return true
}

/** An ES module re-exporting every name of the CommonJS module at `file`, and its default. */
function namedWrapper(file) {
  const names = Object.keys(require(file)).filter(
    (name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default',
  )
  const lines = names.flatMap((name, index) => [
    `const export${index} = commonJs[${JSON.stringify(name)}]`,
    `export { export${index} as ${name} }`,
  ])
  return [`import commonJs from ${JSON.stringify(file)}`, 'export default commonJs', ...lines].join('\n')
}

/** The plugin: dynamic imports of CommonJS packages keep their named exports. */
export const commonJsNamedExports = {
  name: 'commonjs-named-exports',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.kind !== 'dynamic-import' || args.path.startsWith('node:')) return undefined
      const resolved = await builder.resolve(args.path, {
        kind: 'import-statement',
        resolveDir: args.resolveDir,
      })
      if (resolved.errors.length > 0 || resolved.external || !isCommonJs(resolved.path)) return undefined
      return { path: resolved.path, namespace: 'commonjs-named-exports' }
    })
    builder.onLoad({ filter: /.*/, namespace: 'commonjs-named-exports' }, (args) => ({
      contents: namedWrapper(args.path),
      resolveDir: dirname(args.path),
      loader: 'js',
    }))
  },
}
