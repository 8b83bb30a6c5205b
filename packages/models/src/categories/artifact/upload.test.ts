import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../errors/validation-error.js'
import { parseModel } from '../../parse.js'
import type { ChangesFilesEntry } from '../deb822-fields.js'
import { UploadDataSchema } from './upload.js'

/** A matcher for a string matching `pattern`, typed so that it can sit in a typed object. */
function matching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern)
}

// hello_2.10-3_amd64.changes as python-debian parses it (§14.7); checksums are made up.
function file(name: string, size: string, section = 'devel', priority = 'optional'): ChangesFilesEntry {
  return { md5sum: '0123456789abcdef0123456789abcdef', size, section, priority, name }
}
const sourceFiles = [
  file('hello_2.10-3.dsc', '1847'),
  file('hello_2.10.orig.tar.gz', '725946'),
  file('hello_2.10.orig.tar.gz.asc', '819'),
  file('hello_2.10-3.debian.tar.xz', '12688'),
]
const binaryFiles = [
  file('hello-dbgsym_2.10-3_amd64.deb', '33480', 'debug', 'optional'),
  file('hello_2.10-3_amd64.deb', '53080'),
]

function changes(architecture: string, files: ChangesFilesEntry[]): Record<string, unknown> {
  return {
    Format: '1.8',
    Date: 'Sat, 20 May 2023 13:04:53 +0200',
    Source: 'hello',
    Binary: 'hello hello-dbgsym',
    Architecture: architecture,
    Version: '2.10-3',
    Distribution: 'unstable',
    Urgency: 'medium',
    Maintainer: 'Santiago Vila <sanvila@debian.org>',
    'Changed-By': 'Santiago Vila <sanvila@debian.org>',
    Description: '\n hello      - example package based on GNU hello',
    Changes: '\n hello (2.10-3) unstable; urgency=medium\n .\n   * Add some autopkgtests.',
    'Checksums-Sha256': files.map(({ size, name }) => ({ sha256: 'ab'.repeat(32), size, name })),
    Files: files,
  }
}

function rejection(value: unknown): ValidationError {
  try {
    parseModel('UploadData', UploadDataSchema, value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

describe('upload data', () => {
  it.each([
    ['source only', 'source', [...sourceFiles, file('hello_2.10-3_source.buildinfo', '6010')]],
    [
      'source and binaries',
      'source amd64',
      [...sourceFiles, ...binaryFiles, file('hello_2.10-3_amd64.buildinfo', '6010')],
    ],
    ['binaries only', 'amd64', [...binaryFiles, file('hello_2.10-3_amd64.buildinfo', '6010')]],
    ['a udeb', 'amd64', [file('hello-udeb_2.10-3_amd64.udeb', '4000', 'debian-installer')]],
  ])('accepts a %s upload', (_label, architecture, files) => {
    const data = parseModel('UploadData', UploadDataSchema, {
      type: 'dpkg',
      changes_fields: changes(architecture, files),
    })
    expect(data.changes_fields.Files).toHaveLength(files.length)
    expect(data.changes_fields.Source).toBe('hello')
  })

  it('requires type "dpkg"', () => {
    expect(rejection({ type: 'rpm', changes_fields: changes('source', sourceFiles) }).issues).toContainEqual(
      expect.objectContaining({ path: 'type', rule: 'invalid_value' }),
    )
  })

  it('requires Architecture and Files among the changes fields', () => {
    const rest: Record<string, unknown> = { ...changes('source', sourceFiles) }
    delete rest.Architecture
    delete rest.Files
    expect(rejection({ type: 'dpkg', changes_fields: rest }).issues).toEqual([
      expect.objectContaining({ path: 'changes_fields.Architecture', rule: 'invalid_type' }),
      expect.objectContaining({ path: 'changes_fields.Files', rule: 'invalid_type' }),
    ])
  })

  it('refuses unknown keys beside type and changes_fields', () => {
    expect(
      rejection({ type: 'dpkg', changes_fields: changes('source', sourceFiles), exclude_files: [] }).issues,
    ).toContainEqual(expect.objectContaining({ path: '', rule: 'unrecognized_keys' }))
  })

  it('refuses a .deb in a source-only upload', () => {
    const error = rejection({
      type: 'dpkg',
      changes_fields: changes('source', [...sourceFiles, ...binaryFiles]),
    })
    expect(error.issues).toEqual([
      expect.objectContaining({
        path: 'changes_fields.Files',
        rule: 'custom',
        message: matching(/source-only upload lists no \.deb\/\.udeb/),
      }),
    ])
  })

  it('refuses a binary .buildinfo in a source-only upload', () => {
    const error = rejection({
      type: 'dpkg',
      changes_fields: changes('source', [...sourceFiles, file('hello_2.10-3_amd64.buildinfo', '6010')]),
    })
    expect(error.issues).toEqual([
      expect.objectContaining({
        path: 'changes_fields.Files',
        message: matching(/_source\.buildinfo/),
      }),
    ])
  })

  it('requires a .deb or .udeb when Architecture names a binary architecture', () => {
    const error = rejection({ type: 'dpkg', changes_fields: changes('source amd64', sourceFiles) })
    expect(error.issues).toEqual([
      expect.objectContaining({
        path: 'changes_fields.Files',
        message: matching(/at least one \.deb\/\.udeb/),
      }),
    ])
  })

  it('requires exactly one .dsc when source is in Architecture', () => {
    const noDsc = sourceFiles.slice(1)
    expect(rejection({ type: 'dpkg', changes_fields: changes('source', noDsc) }).issues).toEqual([
      expect.objectContaining({
        path: 'changes_fields.Files',
        message: matching(/exactly one \.dsc.*found 0/),
      }),
    ])
    const twoDsc = [...sourceFiles, file('hello_2.10-4.dsc', '1847')]
    expect(rejection({ type: 'dpkg', changes_fields: changes('source', twoDsc) }).issues).toEqual([
      expect.objectContaining({ message: matching(/exactly one \.dsc.*found 2/) }),
    ])
  })

  it('refuses a .dsc when source is not in Architecture', () => {
    const error = rejection({
      type: 'dpkg',
      changes_fields: changes('amd64', [sourceFiles[0]!, ...binaryFiles]),
    })
    expect(error.issues).toEqual([
      expect.objectContaining({
        path: 'changes_fields.Files',
        message: matching(/no \.dsc is allowed, found 1/),
      }),
    ])
  })
})
