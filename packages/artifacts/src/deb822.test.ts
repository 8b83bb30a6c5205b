import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildSourcePackage,
  clearSign,
  removeDirectory,
  temporaryDirectory,
  type SourcePackageFixture,
} from '../test/support/debian-fixtures.js'
import { parseDeb822 } from './deb822.js'
import { parseChanges, readChanges, readDsc } from './source-control-file.js'

const tricky = `
Format: 1.8
# a comment line
Source:   hello   
Description:
 hello - greets   
 .
\tTabbed line
Binary: hello hello-doc
source: second spelling wins the value, not the key
Odd line without colon
Empty:
Files:
 0123 10 devel optional hello_1.0-1.dsc
 4567 20 devel optional hello_1.0.orig.tar.gz
Checksums-Sha256: abcd 30 single.dsc
Package-List:
 hello deb devel optional arch=any   profile=!nocheck
Unicode-Field: caf\u00e9 \u00fcber
Key-With-Space : value

Second: paragraph is ignored
`

describe('parseDeb822', () => {
  it('keeps key spelling, trims first lines and keeps continuation lines verbatim', () => {
    const fields = parseDeb822(tricky)
    expect(fields.Format).toBe('1.8')
    expect(fields.Description).toBe('\n hello - greets   \n .\n\tTabbed line')
    expect(fields.Empty).toBe('')
    expect(fields['Unicode-Field']).toBe('caf\u00e9 \u00fcber')
    expect(fields['Key-With-Space']).toBe('value')
    expect(fields.Second).toBeUndefined()
  })

  it('keeps the first spelling and position of a repeated key and takes the last value', () => {
    const fields = parseDeb822(tricky)
    expect(Object.keys(fields).slice(0, 3)).toEqual(['Format', 'Source', 'Description'])
    expect(fields.Source).toBe('second spelling wins the value, not the key')
    expect(fields.source).toBeUndefined()
  })

  it('splits multi-valued fields; sizes stay strings; a one-line field gives one entry', () => {
    const fields = parseDeb822(tricky, {
      multivalued: {
        files: ['md5sum', 'size', 'section', 'priority', 'name'],
        'checksums-sha256': ['sha256', 'size', 'name'],
        'package-list': ['package', 'package-type', 'section', 'priority', '_other'],
      },
    })
    expect(fields.Files).toEqual([
      { md5sum: '0123', size: '10', section: 'devel', priority: 'optional', name: 'hello_1.0-1.dsc' },
      { md5sum: '4567', size: '20', section: 'devel', priority: 'optional', name: 'hello_1.0.orig.tar.gz' },
    ])
    expect(fields['Checksums-Sha256']).toEqual({ sha256: 'abcd', size: '30', name: 'single.dsc' })
    expect(fields['Package-List']).toEqual([
      {
        package: 'hello',
        'package-type': 'deb',
        section: 'devel',
        priority: 'optional',
        _other: 'arch=any   profile=!nocheck',
      },
    ])
  })

  it('strips a PGP clear-signature and its armour headers', () => {
    const text = 'Source: hello\nVersion: 1.0-1\nFiles:\n 0123 10 hello.dsc\n'
    expect(parseDeb822(clearSign(text))).toEqual(parseDeb822(text))
    expect(parseDeb822(clearSign(text))).toEqual({
      Source: 'hello',
      Version: '1.0-1',
      Files: '\n 0123 10 hello.dsc',
    })
  })

  it('reads CRLF line ends like a text-mode file', () => {
    expect(parseDeb822('A: 1\r\nB:\r\n two\r\n')).toEqual({ A: '1', B: '\n two' })
  })

  it('stops at a whitespace-only line and gives nothing for blank input', () => {
    expect(parseDeb822('A: 1\n  \nB: 2\n')).toEqual({ A: '1' })
    expect(parseDeb822('\n\n')).toEqual({})
  })

  it('takes a leading comment and blank line for an empty paragraph, as python-debian does', () => {
    expect(parseDeb822('# comment\n\nA: 1\n')).toEqual({})
    expect(parseDeb822('\n# comment\nA: 1\n')).toEqual({ A: '1' })
  })
})

describe('.dsc and .changes', () => {
  let directory: string
  let fixture: SourcePackageFixture
  beforeAll(() => {
    directory = temporaryDirectory()
    fixture = buildSourcePackage(directory)
  })
  afterAll(() => removeDirectory(directory))

  it('parses a real .dsc into docs/protocol.md §13 shapes', async () => {
    const fields = await readDsc(fixture.dsc)
    expect(fields.Source).toBe('hello')
    expect(fields.Version).toBe('1.0-1')
    expect(fields.Files).toHaveLength(2)
    const files = fields.Files as { md5sum: string; size: string; name: string }[]
    expect(Object.keys(files[0] ?? {})).toEqual(['md5sum', 'size', 'name'])
    expect(typeof files[0]?.size).toBe('string')
    expect(fields['Package-List']).toEqual([
      { package: 'hello', 'package-type': 'deb', section: 'devel', priority: 'optional', _other: 'arch=any' },
    ])
  })

  it('parses a real .changes, signed or not, the same way', async () => {
    const fields = await readChanges(fixture.changes)
    expect(fields.Architecture).toBe('source')
    expect(fields.Changes).toBe('\n hello (1.0-1) unstable; urgency=medium\n .\n   * Initial release.')
    expect((fields.Files as object[])[0]).toEqual(
      expect.objectContaining({ section: 'devel', priority: 'optional', name: 'hello_1.0-1.dsc' }),
    )
    const signed = join(directory, 'signed.changes')
    writeFileSync(signed, clearSign(readFileSync(fixture.changes, 'utf8')))
    expect(await readChanges(signed)).toEqual(fields)
    expect(parseChanges(clearSign(readFileSync(fixture.changes, 'utf8')))).toEqual(fields)
  })
})
