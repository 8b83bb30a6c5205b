import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

/** The chunks a chunk of the bundle imports statically (loaded with it), and itself. */
function staticClosure(chunk: string, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk)) return seen
  seen.add(chunk)
  const text = readFileSync(join(dirname(bin), chunk), 'utf8')
  for (const [, imported] of text.matchAll(/^(?:import|} from|export .* from) ?.*"\.\/([^"]+\.js)";$/gm)) {
    staticClosure(imported!, seen)
  }
  return seen
}

// The tests of the built binary (`pnpm --filter @debusine-ts/cli build` first).
describe('the built debusine-ts binary', () => {
  it('prints its version and exits 0; an unknown command exits 2', () => {
    const version = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' })
    expect(version.status, version.stderr).toBe(0)
    expect(version.stdout).toBe(`debusine-ts ${manifest.version}\n`)
    const unknown = spawnSync(process.execPath, [bin, 'frobnicate'], { encoding: 'utf8' })
    expect(unknown.status).toBe(2)
  })

  it('starts without loading the schema library: models and zod load with the command that needs them', () => {
    const started = [...readFileSync(bin, 'utf8').matchAll(/await import\("\.\/([^"]+\.js)"\)/g)].map(
      ([, chunk]) => chunk!,
    )
    // The kit and the runner with the command table: what `--help` or any command loads first.
    expect(started.some((chunk) => chunk.startsWith('main-'))).toBe(true)
    const loaded = new Set(started.flatMap((chunk) => [...staticClosure(chunk)]))
    const withZod = [...loaded].filter((chunk) =>
      readFileSync(join(dirname(bin), chunk), 'utf8').includes('node_modules/.pnpm/zod@'),
    )
    expect(withZod).toEqual([])
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' })
    expect(help.status, help.stderr).toBe(0)
  })

  it('reaches the server without loading the archive code: tar-stream and the artifacts package load with the commands that read archives', () => {
    const clientModules = readdirSync(dirname(bin)).find((file) => file.startsWith('client-modules-'))
    expect(clientModules).toBeDefined()
    const loaded = [...staticClosure(clientModules!)].map((chunk) =>
      readFileSync(join(dirname(bin), chunk), 'utf8'),
    )
    expect(loaded.some((text) => text.includes('packages/client/dist/client.js'))).toBe(true)
    const archiveCode = /node_modules\/\.pnpm\/(tar-stream|streamx)@|packages\/artifacts\/dist\//
    expect(
      loaded.filter((text) => archiveCode.test(text)).map((text) => archiveCode.exec(text)?.[0]),
    ).toEqual([])
  })
})
