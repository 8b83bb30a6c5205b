import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../errors/validation-error.js'
import { parseModel } from '../../parse.js'
import { SourcePackageDataSchema } from './source-package.js'

/** A matcher for a string matching `pattern`, typed so that it can sit in a typed object. */
function matching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern)
}

// hello_2.10-3.dsc as python-debian parses it (§14.7); checksums are made up.
const dscFields = {
  Format: '3.0 (quilt)',
  Source: 'hello',
  Binary: 'hello',
  Architecture: 'any',
  Version: '2.10-3',
  Maintainer: 'Santiago Vila <sanvila@debian.org>',
  Homepage: 'https://www.gnu.org/software/hello/',
  'Standards-Version': '4.6.2',
  'Vcs-Browser': 'https://salsa.debian.org/sanvila/hello',
  'Vcs-Git': 'https://salsa.debian.org/sanvila/hello.git',
  Testsuite: 'autopkgtest',
  'Build-Depends': 'debhelper-compat (= 13)',
  'Package-List': '\n hello deb devel optional arch=any',
  'Checksums-Sha1': [
    { sha1: 'f7bebf6f9c62a2295e889f66e05ce9bfaed9ace3', size: '725946', name: 'hello_2.10.orig.tar.gz' },
    { sha1: '0a2eb1ae3a2ae9ab6e4a0f4e7b3e5c2a9f2d3e11', size: '12688', name: 'hello_2.10-3.debian.tar.xz' },
  ],
  'Checksums-Sha256': [
    {
      sha256: '31e066137a962676e89f69d1b65382de95a7ef7d914b8cb956f41ea72e0f516b',
      size: '725946',
      name: 'hello_2.10.orig.tar.gz',
    },
    {
      sha256: 'a0c5a7bdf5e8e2ba6ac1b5a1b7a4e3e2d6b8c2e7f4b3a1a0c9d8e7f6a5b4c3d2',
      size: '12688',
      name: 'hello_2.10-3.debian.tar.xz',
    },
  ],
  Files: [
    { md5sum: '6cd0ffea3884a4e79330338dcc2987d6', size: '725946', name: 'hello_2.10.orig.tar.gz' },
    { md5sum: 'e1d3b5c9a7f2a4e6c8b0d2f4a6c8e0b2', size: '12688', name: 'hello_2.10-3.debian.tar.xz' },
  ],
}

function rejection(value: unknown): ValidationError {
  try {
    parseModel('SourcePackageData', SourcePackageDataSchema, value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

describe('source package data', () => {
  const data = { name: 'hello', version: '2.10-3', type: 'dpkg', dsc_fields: dscFields }

  it('accepts the parsed hello_2.10-3.dsc and keeps its fields as spelled', () => {
    const parsed = parseModel('SourcePackageData', SourcePackageDataSchema, data)
    expect(parsed.dsc_fields).toEqual(dscFields)
    expect(parsed.dsc_fields.Files?.map((entry) => entry.name)).toEqual([
      'hello_2.10.orig.tar.gz',
      'hello_2.10-3.debian.tar.xz',
    ])
  })

  it.each(['name', 'version', 'type', 'dsc_fields'])('requires %s', (field) => {
    const rest: Record<string, unknown> = { ...data }
    delete rest[field]
    const rule = field === 'type' ? 'invalid_value' : 'invalid_type'
    expect(rejection(rest).issues).toEqual([expect.objectContaining({ path: field, rule })])
  })

  it('refuses unknown keys', () => {
    expect(rejection({ ...data, architecture: 'any' }).issues).toEqual([
      expect.objectContaining({
        path: '',
        rule: 'unrecognized_keys',
        message: matching(/architecture/),
      }),
    ])
  })

  it('refuses a Files entry whose name is a path', () => {
    const files = [
      { md5sum: '6cd0ffea3884a4e79330338dcc2987d6', size: '725946', name: '../hello_2.10.orig.tar.gz' },
    ]
    expect(rejection({ ...data, dsc_fields: { ...dscFields, Files: files } }).issues).toEqual([
      expect.objectContaining({ path: 'dsc_fields.Files.0.name', rule: 'invalid_format' }),
    ])
  })
})
