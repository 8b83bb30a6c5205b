import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ValidationError } from '../errors/validation-error.js'
import { parseModel } from '../parse.js'
import { ChangesFieldsSchema, DscFieldsSchema, DscFilesEntrySchema } from './deb822-fields.js'

/** A matcher for a string matching `pattern`, typed so that it can sit in a typed object. */
function matching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern)
}

function rejection(schema: z.ZodType, value: unknown): ValidationError {
  try {
    parseModel('Fields', schema, value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

const entry = {
  md5sum: '5cf4c2e8b2d2bba8ba0b2fbbdf1ec2a1',
  size: '12688',
  name: 'hello_2.10-3.debian.tar.xz',
}

describe('.dsc and .changes file lists', () => {
  it('keeps size as a string and other fields as parsed', () => {
    const fields = parseModel('DscFields', DscFieldsSchema, {
      Source: 'hello',
      'Package-List': '\n hello deb devel optional arch=any',
      Files: [entry],
    })
    expect(fields.Files?.[0]?.size).toBe('12688')
    expect(fields['Package-List']).toBe('\n hello deb devel optional arch=any')
  })

  it('refuses a numeric size and a size that is not a number', () => {
    expect(rejection(DscFilesEntrySchema, { ...entry, size: 12688 }).issues).toContainEqual(
      expect.objectContaining({ path: 'size', rule: 'invalid_type' }),
    )
    expect(rejection(DscFilesEntrySchema, { ...entry, size: '12k' }).issues).toContainEqual(
      expect.objectContaining({ path: 'size', rule: 'invalid_format' }),
    )
  })

  it.each(['debian/hello.tar.xz', '..', '.'])(
    'refuses %j as a listed name: one path component only',
    (name) => {
      const error = rejection(DscFieldsSchema, { Files: [{ ...entry, name }] })
      expect(error.issues).toEqual([
        expect.objectContaining({
          path: 'Files.0.name',
          rule: 'invalid_format',
          message: matching(/single path component/),
        }),
      ])
    },
  )

  it('requires Architecture and Files in a .changes', () => {
    const error = rejection(ChangesFieldsSchema, { Source: 'hello' })
    expect(error.issues.map((issue) => [issue.path, issue.rule])).toEqual([
      ['Architecture', 'invalid_type'],
      ['Files', 'invalid_type'],
    ])
  })

  it('types the checksum lists', () => {
    const error = rejection(DscFieldsSchema, { 'Checksums-Sha256': [{ sha1: 'x', size: '1', name: 'a' }] })
    expect(error.issues).toContainEqual(
      expect.objectContaining({ path: 'Checksums-Sha256.0.sha256', rule: 'invalid_type' }),
    )
  })
})
