import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../errors/validation-error.js'
import { parseModel } from '../../parse.js'
import { DoseDistCheckSchema } from './dose-dist-check.js'
import { PackageBuildLogDataSchema } from './package-build-log.js'

// A dose-debcheck report on an uninstallable build dependency, as sbuild records it.
const uninstallable = {
  'output-version': '1.2',
  'native-architecture': 'amd64',
  'host-architecture': 'amd64',
  report: [
    {
      package: 'sbuild-build-depends-main-dummy',
      version: '0.invalid.0',
      architecture: 'amd64',
      status: 'broken',
      reasons: [
        {
          missing: {
            pkg: {
              package: 'sbuild-build-depends-main-dummy',
              version: '0.invalid.0',
              architecture: 'amd64',
              'unsat-dependency': 'libfoo-dev:amd64 (>= 2.0)',
            },
          },
        },
        {
          conflict: {
            pkg1: {
              package: 'libbar1',
              version: '1.0-1',
              architecture: 'amd64',
              'unsat-conflict': 'libbaz1',
            },
            pkg2: { package: 'libbaz1', version: '2.0-1', architecture: 'amd64' },
            depchain1: [
              { depchain: [{ package: 'libbar-dev', version: '1.0-1', depends: 'libbar1 (= 1.0-1)' }] },
            ],
          },
        },
      ],
    },
  ],
  'total-packages': 70286,
  'broken-packages': 1,
  'background-packages': 70285,
  'foreground-packages': 1,
}

function rejection(value: unknown): ValidationError {
  try {
    parseModel('DoseDistCheck', DoseDistCheckSchema, value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

describe('dose-debcheck report', () => {
  it('keeps the hyphenated keys and fills the defaults', () => {
    const report = parseModel('DoseDistCheck', DoseDistCheckSchema, uninstallable)
    expect(report['native-architecture']).toBe('amd64')
    expect(report['foreign-architecture']).toBeNull()
    const [missing, conflict] = report.report[0]!.reasons
    expect(missing && 'missing' in missing && missing.missing.depchains).toEqual([])
    expect(conflict && 'conflict' in conflict && conflict.conflict.depchain2).toEqual([])
  })

  it('refuses snake_case spellings of the hyphenated keys', () => {
    const { 'output-version': version, ...rest } = uninstallable
    const error = rejection({ ...rest, output_version: version })
    expect(error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'output-version', rule: 'invalid_type' }),
        expect.objectContaining({ path: '', rule: 'unrecognized_keys' }),
      ]),
    )
  })

  it('refuses a status other than broken or ok', () => {
    const report = [{ ...uninstallable.report[0], status: 'unknown' }]
    expect(rejection({ ...uninstallable, report }).issues).toEqual([
      expect.objectContaining({ path: 'report.0.status', rule: 'invalid_value' }),
    ])
  })

  it('refuses a reason that is neither missing nor conflict', () => {
    const report = [{ ...uninstallable.report[0], reasons: [{ broken: {} }] }]
    expect(rejection({ ...uninstallable, report }).issues).toEqual([
      expect.objectContaining({ path: 'report.0.reasons.0', rule: 'invalid_union' }),
    ])
  })

  it('is the bd_uninstallable of a package build log', () => {
    const log = parseModel('PackageBuildLogData', PackageBuildLogDataSchema, {
      source: 'hello',
      version: '2.10-3',
      filename: 'hello_2.10-3_amd64.build',
      bd_uninstallable: uninstallable,
    })
    expect(log.architecture).toBeNull()
    expect(log.bd_uninstallable?.['broken-packages']).toBe(1)
  })
})
