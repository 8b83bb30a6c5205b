import { runInNewContext } from 'node:vm'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { describe, expect, it } from 'vitest'

describe('the models package in a browser', () => {
  it('bundles for the browser without Node built-ins and runs with no Node globals', async () => {
    // platform 'browser' makes any `node:` import or Node built-in a build error.
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      platform: 'browser',
      format: 'iife',
      globalName: 'models',
      write: false,
      logLevel: 'silent',
    })
    const code = result.outputFiles[0]?.text ?? ''
    // A bare context: no process, require, Buffer or module; only what a browser also has.
    const context = { structuredClone, console }
    const exported = runInNewContext(`${code}; models`, context) as Record<string, unknown>
    expect(runInNewContext('typeof process + typeof require + typeof Buffer', context)).toBe(
      'undefinedundefinedundefined',
    )
    expect(exported.API_VERSION).toBe('1.0')
    const { SdkError, ValidationError } = exported as {
      SdkError: { isInstance(value: unknown): boolean }
      ValidationError: new (model: string, issues: unknown[]) => Error
    }
    expect(SdkError.isInstance(new ValidationError('Thing', []))).toBe(true)
  })

  it("bundles zod's English messages only, not its other locales", async () => {
    // `import * as z from 'zod'` lets a bundler drop the locales namespace; `import { z }` kept
    // all of them (over half of the minified bundle).
    const result = await build({
      entryPoints: [fileURLToPath(new URL('./index.ts', import.meta.url))],
      bundle: true,
      minify: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    })
    // Every module esbuild read is listed; those tree-shaken away put 0 bytes in the output.
    const inputs = Object.values(result.metafile.outputs)[0]?.inputs ?? {}
    const locales = Object.entries(inputs)
      .filter(([input, { bytesInOutput }]) => input.includes('/locales/') && bytesInOutput > 0)
      .map(([input]) => input)
    expect(locales.map((input) => input.replace(/.*\/locales\//, ''))).toEqual(['en.js'])
  })
})
