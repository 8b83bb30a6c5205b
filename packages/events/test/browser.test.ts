/**
 * The browser entries, proven in real Chromium: a page bundled (esbuild, `browser`
 * condition) from `@debusine-ts/client` and `@debusine-ts/events` calls the real server on
 * its own origin and receives a completion over the websocket.
 */
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshWorkspace, noopData, realServer } from '../../../tooling/vitest/real-server.js'
import type { PageResult } from './browser/page.js'
import { readWorkRequest, testuserTransport } from './support/real-server-work.js'
import { startSameOriginProxy, type SameOriginProxy } from './support/same-origin-proxy.js'

const eventsPackage = fileURLToPath(new URL('..', import.meta.url))

interface Bundle {
  code: string
  inputs: string[]
}

/** Bundle `source` for a browser, resolving packages from the events package as a user's app would. */
async function bundleForBrowser(source: { file: string } | { contents: string }): Promise<Bundle> {
  const result = await build({
    ...('file' in source
      ? { entryPoints: [source.file] }
      : { stdin: { contents: source.contents, resolveDir: eventsPackage, loader: 'js' } }),
    absWorkingDir: eventsPackage,
    bundle: true,
    platform: 'browser',
    format: 'esm',
    minify: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const code = result.outputFiles[0]?.text ?? ''
  return { code, inputs: Object.keys(result.metafile.inputs) }
}

function gzipSize(code: string): number {
  return gzipSync(code, { level: 9 }).length
}

let browser: Browser | undefined
let proxy: SameOriginProxy | undefined

afterAll(async () => {
  await browser?.close()
  await proxy?.close()
})

describe('browser entries', () => {
  let page: Bundle

  beforeAll(async () => {
    page = await bundleForBrowser({ file: fileURLToPath(new URL('browser/page.ts', import.meta.url)) })
  })

  it('bundle for a browser from the browser entries, without Node built-ins', async () => {
    expect(page.inputs).toContain('../client/dist/index.browser.js')
    expect(page.inputs).toContain('dist/index.browser.js')
    expect(page.inputs).not.toContain('../client/dist/index.js')
    expect(page.inputs.filter((input) => input.startsWith('node:') || input.includes('/ws/lib/'))).toEqual([])
    const models = await bundleForBrowser({ contents: "export * from '@debusine-ts/models'" })
    const client = await bundleForBrowser({ contents: "export * from '@debusine-ts/client'" })
    // Figures for the README, not assertions: gzip sizes of whole-package bundles.
    console.log(
      `browser bundles, minified + gzip: models ${gzipSize(models.code)} B, client ${gzipSize(client.code)} B, ` +
        `page (client + events) ${gzipSize(page.code)} B`,
    )
  })

  it('call the real server from Chromium on the page origin and receive a completion over the websocket', async () => {
    const server = realServer()
    const workspace = await freshWorkspace('browser')
    const config = JSON.stringify({
      token: server.token,
      scope: server.scope,
      workspace,
      noopData: noopData('success'),
    })
    proxy = await startSameOriginProxy({
      upstream: new URL(server.apiUrl).origin,
      websocketToken: server.token,
      files: {
        '/': [
          'text/html',
          `<!doctype html><script type="application/json" id="config">${config}</script>` +
            '<script type="module" src="/page.js"></script>',
        ],
        '/page.js': ['text/javascript', page.code],
      },
    })
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    })
    const tab = await browser.newPage()
    const pageErrors: string[] = []
    tab.on('pageerror', (error) => pageErrors.push(error.message))
    await tab.goto(`${proxy.origin}/`)
    const handle = await tab.waitForFunction(
      () => (globalThis as { pageResult?: unknown }).pageResult,
      null,
      {
        timeout: 90_000,
      },
    )
    const result = (await handle.jsonValue()) as PageResult
    expect(pageErrors).toEqual([])
    expect(result.error).toBeUndefined()
    expect(result).toMatchObject({ user: server.webUser, result: 'success', artifactFileOperations: false })
    const request = await readWorkRequest(testuserTransport(), result.workRequestId ?? -1)
    expect(request).toMatchObject({ status: 'completed', result: 'success', workspace })
  })
})
