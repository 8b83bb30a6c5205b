import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { AbortError } from '@debusine-ts/transport'
import { afterAll, describe, expect, it } from 'vitest'
import { removeDirectory, temporaryDirectory } from '../../../artifacts/test/support/debian-fixtures.js'
import { debsign, UploadSignerError } from './debsign.js'

const directory = temporaryDirectory('debusine-ts-debsign-unit-')
afterAll(() => removeDirectory(directory))
const changes = join(directory, 'hello_1.0-1_source.changes')
writeFileSync(changes, 'Format: 1.8\n')

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  )
}

describe('debsign', () => {
  it('reports a missing debsign as signer_missing, saying which package to install', async () => {
    const error = await failure(debsign({ env: { PATH: directory } })(changes, {}))
    expect(UploadSignerError.isInstance(error)).toBe(true)
    expect(error).toMatchObject({ code: 'signer_missing' })
    expect((error as Error).message).toContain('install the devscripts package')
  })

  it('reports a failing debsign as signer_failed with the end of its output', async () => {
    const fake = join(directory, 'bin')
    mkdirSync(fake)
    writeFileSync(
      join(fake, 'debsign'),
      '#!/bin/sh\nfor last; do :; done\necho "debsign: no key for $last" >&2\nexit 2\n',
    )
    chmodSync(join(fake, 'debsign'), 0o755)
    const error = await failure(debsign({ env: { PATH: `${fake}:/usr/bin:/bin` } })(changes, {}))
    expect(error).toMatchObject({ code: 'signer_failed' })
    expect((error as Error).message).toBe(
      'debsign failed (exit status 2):\ndebsign: no key for ./hello_1.0-1_source.changes',
    )
  })

  it('never lets a file name starting with "-" become an option', async () => {
    const fake = join(directory, 'recording-bin')
    mkdirSync(fake)
    const argv = join(directory, 'argv')
    writeFileSync(join(fake, 'debsign'), `#!/bin/sh\nprintf '%s\\n' "$@" > '${argv}'\n`)
    chmodSync(join(fake, 'debsign'), 0o755)
    const hostile = join(directory, '-kATTACKER.changes')
    writeFileSync(hostile, 'Format: 1.8\n')
    await debsign({ args: ['-k', 'A1B2'], env: { PATH: `${fake}:/usr/bin:/bin` } })(hostile, {})
    expect(readFileSync(argv, 'utf8').split('\n').slice(0, -1)).toEqual([
      '--re-sign',
      '-k',
      'A1B2',
      '--',
      './-kATTACKER.changes',
    ])
  })

  it('an aborted signal stops it with an AbortError', async () => {
    const controller = new AbortController()
    controller.abort()
    const error = await failure(debsign()(changes, { signal: controller.signal }))
    expect(AbortError.isInstance(error)).toBe(true)
  })
})
