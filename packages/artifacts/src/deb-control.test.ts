import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDeb, removeDirectory, temporaryDirectory } from '../test/support/debian-fixtures.js'
import { ArtifactRuleError } from './artifact-rule-error.js'
import { readDebControl } from './deb-control.js'

let directory: string
beforeAll(() => {
  directory = temporaryDirectory()
})
afterAll(() => removeDirectory(directory))

describe('readDebControl', () => {
  it.each(['gzip', 'xz', 'zstd'] as const)(
    'reads the control of a control.tar compressed with %s',
    async (compression) => {
      const deb = buildDeb(directory, { compression }) as string
      const { fields, controlFiles } = await readDebControl(deb)
      expect(fields).toEqual({
        Package: 'hello',
        Source: 'hello-src (1.0-1)',
        Version: '1.0-1+b1',
        Architecture: 'amd64',
        Maintainer: 'Test Maintainer <test@example.org>',
        Description: 'test package\n A test package.\n .\n Second.',
      })
      expect(controlFiles).toEqual(['control', 'postinst'])
    },
  )
})

describe('readDebControl errors', () => {
  it('rejects a file that is not an ar archive, naming it', async () => {
    const path = join(directory, 'not-a.deb')
    writeFileSync(path, 'hello')
    await expect(readDebControl(path)).rejects.toSatisfy(
      (error) =>
        ArtifactRuleError.isInstance(error) &&
        /not-a\.deb" is not a Debian binary package/.test(error.message),
    )
  })

  it('rejects an ar archive without control.tar', async () => {
    const path = join(directory, 'empty.deb')
    const header = 'debian-binary   0           0     0     100644  4         `\n'
    writeFileSync(path, `!<arch>\n${header}2.0\n`)
    await expect(readDebControl(path)).rejects.toThrow(/has no control\.tar member/)
  })
})
