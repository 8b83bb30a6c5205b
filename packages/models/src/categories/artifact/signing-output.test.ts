import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { KeyPurpose } from '../../enumerations.js'
import { ValidationError } from '../../errors/validation-error.js'
import { parseModel } from '../../parse.js'
import { SigningOutputDataSchema } from './signing-output.js'

const fingerprint = 'ABCDEF0123456789ABCDEF0123456789ABCDEF01'

function rejection(value: unknown): ValidationError {
  try {
    parseModel('SigningOutputData', SigningOutputDataSchema, value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

describe('signing output data', () => {
  it('accepts results that each have an output file or an error message', () => {
    const data = parseModel('SigningOutputData', SigningOutputDataSchema, {
      purpose: KeyPurpose.UEFI,
      fingerprint,
      results: [
        { file: 'boot/efi/grubx64.efi', output_file: 'boot/efi/grubx64.efi.sig' },
        { file: 'boot/efi/shimx64.efi', error_message: 'not a PE/COFF image' },
      ],
    })
    expect(data.results[0]).toEqual({
      file: 'boot/efi/grubx64.efi',
      output_file: 'boot/efi/grubx64.efi.sig',
      error_message: null,
    })
    expect(data.binary_package_name).toBeNull()
  })

  it.each([
    ['neither', { file: 'a.efi' }],
    ['both', { file: 'a.efi', output_file: 'a.efi.sig', error_message: 'failed' }],
  ])('refuses a result with %s of output_file and error_message', (_label, result) => {
    expect(rejection({ purpose: KeyPurpose.UEFI, fingerprint, results: [result] }).issues).toEqual([
      expect.objectContaining({
        path: 'results.0',
        rule: 'custom',
        message: 'exactly one of output_file and error_message must be set',
      }),
    ])
  })

  it('refuses an unknown key purpose', () => {
    expect(rejection({ purpose: 'x509', fingerprint, results: [] }).issues).toEqual([
      expect.objectContaining({ path: 'purpose', rule: 'invalid_value' }),
    ])
  })

  it('survives a JSON round trip', () => {
    const result = fc.record({
      file: fc.string({ minLength: 1 }),
      outcome: fc.oneof(
        fc.record({ output_file: fc.string(), error_message: fc.constant(null) }),
        fc.record({ output_file: fc.constant(null), error_message: fc.string() }),
      ),
    })
    const data = fc.record({
      purpose: fc.constantFrom(...Object.values(KeyPurpose)),
      fingerprint: fc.string(),
      results: fc.array(
        result.map(({ file, outcome }) => ({ file, ...outcome })),
        { maxLength: 5 },
      ),
      binary_package_name: fc.option(fc.string()),
    })
    fc.assert(
      fc.property(data, (input) => {
        const parsed = parseModel('SigningOutputData', SigningOutputDataSchema, input)
        const json: unknown = JSON.parse(JSON.stringify(parsed))
        expect(parseModel('SigningOutputData', SigningOutputDataSchema, json)).toEqual(parsed)
      }),
    )
  })
})
