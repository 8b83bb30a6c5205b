/**
 * Bundle a test's child-process script from the sources (no build of the packages
 * needed), with the workspace packages resolved as the vitest config resolves them.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const packages = ['models', 'artifacts', 'transport', 'client', 'events', 'enroll']

/** Bundle `entry` (a path relative to this directory) into one CommonJS file; returns its path. */
export async function bundleChild(entry: string): Promise<string> {
  const outfile = join(mkdtempSync(join(tmpdir(), 'debusine-ts-child-')), 'child.cjs')
  await build({
    entryPoints: [fileURLToPath(new URL(entry, import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node22',
    logLevel: 'silent',
    alias: Object.fromEntries([
      ...packages.map((name) => [`@debusine-ts/${name}`, `${root}packages/${name}/src/index.ts`]),
      ['@debusine-ts/transport/node', `${root}packages/transport/src/node/index.ts`],
    ]),
  })
  return outfile
}
