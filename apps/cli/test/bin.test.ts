import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const bin = fileURLToPath(new URL('../dist/bin.js', import.meta.url))
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}

// The one test of the built binary (`pnpm --filter @debusine-ts/cli build` first).
describe('the built debusine-ts binary', () => {
  it('prints its version and exits 0; an unknown command exits 2', () => {
    const version = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' })
    expect(version.status, version.stderr).toBe(0)
    expect(version.stdout).toBe(`debusine-ts ${manifest.version}\n`)
    const unknown = spawnSync(process.execPath, [bin, 'frobnicate'], { encoding: 'utf8' })
    expect(unknown.status).toBe(2)
  })
})
