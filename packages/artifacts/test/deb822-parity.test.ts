// Parity with python-debian in Debian sid (the reference): the fields our parsers give must
// equal what python-debian's Dsc, Changes and DebFile give, converted to plain JSON.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readChanges, readDebControl, readDsc } from '../src/index.js'
import {
  buildDeb,
  buildSourcePackage,
  clearSign,
  parseWithPythonDebian,
  pythonDebianLocation,
  removeDirectory,
  temporaryDirectory,
  type SourcePackageFixture,
} from './support/debian-fixtures.js'
import { realServer } from '../../../tooling/vitest/real-server.js'

const tricky = `
Format: 1.8
# a comment line
Source:   hello   
Description:
 hello - greets   
 .
\tTabbed line
source: a repeated key
Odd line without colon
Empty:
Files:
 0123 10 devel optional hello_1.0-1.dsc   extra column
 4567 20 devel optional hello_1.0.orig.tar.gz
Checksums-Sha256: abcd 30 single.dsc
Package-List:
 hello deb devel optional arch=any   profile=!nocheck
 short deb
Unicode-Field: caf\u00e9 \u00fcber
Key-With-Space : value
`

let directory: string
let fixture: SourcePackageFixture
beforeAll(() => {
  directory = temporaryDirectory()
  fixture = buildSourcePackage(directory)
})
afterAll(() => removeDirectory(directory))

describe('parity with python-debian in Debian sid', () => {
  it('runs against the sid chroot', () => {
    expect(pythonDebianLocation(realServer().serverRoot)).toBe('sid')
  })

  it('parses .dsc files, signed or not, as python-debian does', async () => {
    const signed = join(directory, 'signed.dsc')
    writeFileSync(signed, clearSign(readFileSync(fixture.dsc, 'utf8')))
    const trickyPath = join(directory, 'tricky.dsc')
    writeFileSync(trickyPath, tricky)
    for (const path of [fixture.dsc, signed, trickyPath]) {
      expect(await readDsc(path)).toEqual(parseWithPythonDebian('dsc', path, realServer().serverRoot))
    }
  })

  it('parses .changes files, signed or not, as python-debian does', async () => {
    const signed = join(directory, 'signed.changes')
    writeFileSync(signed, clearSign(readFileSync(fixture.changes, 'utf8')))
    const trickyPath = join(directory, 'tricky.changes')
    writeFileSync(trickyPath, tricky)
    for (const path of [fixture.changes, signed, trickyPath]) {
      expect(await readChanges(path)).toEqual(parseWithPythonDebian('changes', path, realServer().serverRoot))
    }
  })

  it.each(['gzip', 'xz', 'zstd'] as const)(
    'reads a .deb (%s) control as python-debian does',
    async (compression) => {
      const deb = buildDeb(directory, { compression }) as string
      expect(await readDebControl(deb)).toEqual(parseWithPythonDebian('deb', deb, realServer().serverRoot))
    },
  )
})
