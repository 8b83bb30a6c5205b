import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'
import { sourcePackages } from './source-files.mjs'
import { repository } from './structure-test-tree.js'
import { KEPT, undiciDispatchers } from './undici-dispatchers.mjs'

/** The names a source takes of undici at run time: `undici.X` of its import, `{ X } from 'undici'`. */
function undiciNamesIn(text: string): string[] {
  const members = [...text.matchAll(/\bundici\.([A-Za-z_$][\w$]*)/g)].map((match) => match[1] ?? '')
  const imported = [...text.matchAll(/^import\s+\{([^}]*)\}\s+from\s+'undici'/gm)].flatMap((match) =>
    (match[1] ?? '').split(',').map((name) => name.trim().split(/\s+as\s+/)[0] ?? ''),
  )
  return [...members, ...imported].filter((name) => name !== '')
}

/** What the test takes of the bundled undici (the tooling does not depend on undici's types). */
interface BundledUndici {
  Agent: new () => {
    request(options: { origin: string; path: string; method: string }): Promise<{
      statusCode: number
      body: { text(): Promise<string> }
    }>
    close(): Promise<void>
  }
  ProxyAgent: new (uri: string) => object
  Dispatcher: abstract new () => object
}

describe('the bundle keeps of undici its dispatchers only', () => {
  it('no source of the packages takes a name of undici the bundle leaves out', () => {
    const sources: string[] = sourcePackages(repository).flatMap((pack: { files: string[] }) => pack.files)
    const taken = sources.flatMap((file) => undiciNamesIn(readFileSync(file, 'utf8')))
    expect(taken.length).toBeGreaterThan(0)
    expect(taken.filter((name) => !KEPT.includes(name))).toEqual([])
  })

  it('the bundled dispatchers answer a request through the request API, with half the code', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'undici-dispatchers-'))
    const bundle = async (name: string, plugins: object[]) => {
      const outfile = join(directory, name)
      await build({
        stdin: { contents: "export * from 'undici'", resolveDir: join(repository, 'packages/transport') },
        outfile,
        bundle: true,
        platform: 'node',
        format: 'esm',
        banner: {
          js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        },
        plugins: plugins as never,
        logLevel: 'silent',
      })
      return outfile
    }
    const server = createServer((request, response) => response.end(`answered ${request.url}`))
    try {
      const [slim, whole] = await Promise.all([
        bundle('slim.mjs', [undiciDispatchers]),
        bundle('whole.mjs', []),
      ])
      expect(statSync(slim).size).toBeLessThan(statSync(whole).size * 0.6)
      const undici = (await import(slim)) as BundledUndici
      expect(Object.keys(undici).sort()).toEqual(KEPT)
      await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening))
      const { port } = server.address() as AddressInfo
      const agent = new undici.Agent()
      const answer = await agent.request({
        origin: `http://127.0.0.1:${port}`,
        path: '/page?n=1',
        method: 'GET',
      })
      expect(answer.statusCode).toBe(200)
      expect(await answer.body.text()).toBe('answered /page?n=1')
      await agent.close()
      expect(new undici.ProxyAgent(`http://127.0.0.1:${port}`)).toBeInstanceOf(undici.Dispatcher)
    } finally {
      server.close()
      rmSync(directory, { recursive: true, force: true })
    }
  })
})
