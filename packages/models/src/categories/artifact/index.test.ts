import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ArtifactCategory, AutopkgtestResultStatus, LintianSeverity } from '../../enumerations.js'
import { ValidationError } from '../../errors/validation-error.js'
import { parseModel } from '../../parse.js'
import { artifactCategories, artifactDataSchemaFor, type ArtifactDataByCategory } from './index.js'

/** A matcher for a string matching `pattern`, typed so that it can sit in a typed object. */
function matching(pattern: RegExp): unknown {
  return expect.stringMatching(pattern)
}

function rejection(category: ArtifactCategory, value: unknown): ValidationError {
  try {
    parseModel(category, artifactDataSchemaFor(category), value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

const systemTarball = {
  filename: 'system.tar.xz',
  vendor: 'debian',
  codename: 'trixie',
  mirror: 'http://mirror.example/debian',
  components: ['main'],
  pkglist: { 'base-files': '13.8', dpkg: '1.22.21' },
  architecture: 'amd64',
  with_dev: true,
  with_init: true,
}

/** A valid `data` of every category, and the fields it must have. */
const examples: { [Category in ArtifactCategory]: { data: Record<string, unknown>; required: string[] } } = {
  [ArtifactCategory.WORK_REQUEST_DEBUG_LOGS]: { data: {}, required: [] },
  [ArtifactCategory.TEST]: { data: {}, required: [] },
  [ArtifactCategory.PACKAGE_BUILD_LOG]: {
    data: { source: 'hello', version: '2.10-3', architecture: 'amd64', filename: 'hello_2.10-3_amd64.build' },
    required: ['source', 'version', 'filename'],
  },
  [ArtifactCategory.UPLOAD]: {
    data: {
      type: 'dpkg',
      changes_fields: {
        Source: 'hello',
        Architecture: 'amd64',
        Files: [
          {
            md5sum: '0123456789abcdef0123456789abcdef',
            size: '53080',
            section: 'devel',
            priority: 'optional',
            name: 'hello_2.10-3_amd64.deb',
          },
        ],
      },
    },
    required: ['type', 'changes_fields'],
  },
  [ArtifactCategory.SOURCE_PACKAGE]: {
    data: {
      name: 'hello',
      version: '2.10-3',
      type: 'dpkg',
      dsc_fields: { Source: 'hello', Version: '2.10-3' },
    },
    required: ['name', 'version', 'type', 'dsc_fields'],
  },
  [ArtifactCategory.BINARY_PACKAGE]: {
    data: {
      srcpkg_name: 'hello',
      srcpkg_version: '2.10-3',
      deb_fields: { Package: 'hello', Version: '2.10-3', Architecture: 'amd64', Depends: 'libc6 (>= 2.34)' },
      deb_control_files: ['control', 'md5sums'],
    },
    required: ['srcpkg_name', 'srcpkg_version', 'deb_fields', 'deb_control_files'],
  },
  [ArtifactCategory.BINARY_PACKAGES]: {
    data: {
      srcpkg_name: 'hello',
      srcpkg_version: '2.10-3',
      version: '2.10-3',
      architecture: 'amd64',
      packages: ['hello'],
    },
    required: ['srcpkg_name', 'srcpkg_version', 'version', 'architecture', 'packages'],
  },
  [ArtifactCategory.DEBUG_SYMBOLS]: {
    data: { build_ids: ['3f1a6c2b9d8e7f60a5b4c3d2e1f0a9b8c7d6e5f4'] },
    required: ['build_ids'],
  },
  [ArtifactCategory.LINTIAN]: {
    data: {
      architecture: 'source',
      summary: {
        tags_count_by_severity: { error: 0, warning: 2, info: 1 },
        package_filename: { hello: 'hello_2.10-3.dsc' },
        tags_found: ['older-debian-watch-file-standard', 'upstream-metadata-file-is-missing'],
        overridden_tags_found: [],
        lintian_version: '2.121.0',
        distribution: 'debian:trixie',
      },
    },
    required: ['summary'],
  },
  [ArtifactCategory.AUTOPKGTEST]: {
    data: {
      results: { 'upstream-tests': { status: 'PASS' }, command1: { status: 'SKIP', details: 'needs root' } },
      cmdline: 'autopkgtest --apt-upgrade hello_2.10-3.dsc -- unshare',
      source_package: { name: 'hello', version: '2.10-3', url: 'https://debusine.example.org/artifact/42/' },
      architecture: 'amd64',
      distribution: 'debian:trixie',
    },
    required: ['results', 'cmdline', 'source_package', 'architecture', 'distribution'],
  },
  [ArtifactCategory.PIUPARTS]: {
    data: {
      piuparts_version: '1.5.1',
      binary_packages: { hello: '2.10-3' },
      architecture: 'amd64',
      distribution: 'debian:trixie',
    },
    required: ['piuparts_version', 'binary_packages', 'architecture', 'distribution'],
  },
  [ArtifactCategory.SYSTEM_TARBALL]: {
    data: systemTarball,
    required: [
      'filename',
      'vendor',
      'codename',
      'mirror',
      'components',
      'pkglist',
      'architecture',
      'with_dev',
      'with_init',
    ],
  },
  [ArtifactCategory.SYSTEM_IMAGE]: {
    data: {
      ...systemTarball,
      filename: 'image.qcow2',
      image_format: 'qcow2',
      filesystem: 'ext4',
      size: 2147483648,
      boot_mechanism: 'efi',
    },
    required: ['image_format', 'filesystem', 'size', 'boot_mechanism'],
  },
  [ArtifactCategory.BLHC]: { data: { source: 'hello' }, required: [] },
  [ArtifactCategory.DEBDIFF]: {
    data: { original: 'hello_2.10-2', new: 'hello_2.10-3' },
    required: ['original', 'new'],
  },
  [ArtifactCategory.SIGNING_INPUT]: {
    data: { binary_package_name: 'grub-efi-amd64-unsigned' },
    required: [],
  },
  [ArtifactCategory.SIGNING_OUTPUT]: {
    data: { purpose: 'openpgp', fingerprint: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01', results: [] },
    required: ['purpose', 'fingerprint', 'results'],
  },
  [ArtifactCategory.REPOSITORY_INDEX]: {
    data: { path: 'dists/trixie/main/binary-amd64/Packages.xz' },
    required: [],
  },
}

describe('artifact category data', () => {
  it('has a schema for every category, listed sorted', () => {
    expect(artifactCategories()).toEqual(Object.values(ArtifactCategory).sort())
  })

  describe.each(artifactCategories())('%s', (category) => {
    const { data, required } = examples[category]

    it('accepts a valid value', () => {
      const parsed = parseModel(category, artifactDataSchemaFor(category), data)
      expect(Object.keys(parsed)).toEqual(expect.arrayContaining(Object.keys(data)))
    })

    it('refuses unknown keys', () => {
      expect(rejection(category, { ...data, unexpected: 1 }).issues).toContainEqual(
        expect.objectContaining({
          path: '',
          rule: 'unrecognized_keys',
          message: matching(/unexpected/),
        }),
      )
    })

    if (required.length > 0)
      it.each(required)('requires %s', (field) => {
        const rest: Record<string, unknown> = { ...data }
        delete rest[field]
        // A missing literal or enumeration value is an invalid_value, anything else an invalid_type.
        expect(rejection(category, rest).issues).toEqual([
          expect.objectContaining({ path: field, rule: matching(/^invalid_(type|value)$/) }),
        ])
      })
  })

  it('fills the documented null defaults', () => {
    expect(parseModel('BlhcData', artifactDataSchemaFor(ArtifactCategory.BLHC), {})).toEqual({
      source: null,
      version: null,
      architecture: null,
    })
    expect(parseModel('SigningInputData', artifactDataSchemaFor(ArtifactCategory.SIGNING_INPUT), {})).toEqual(
      {
        trusted_certs: null,
        binary_package_name: null,
      },
    )
    expect(
      parseModel(
        'DebdiffData',
        artifactDataSchemaFor(ArtifactCategory.DEBDIFF),
        examples['debian:debdiff'].data,
      ),
    ).toEqual({
      original: 'hello_2.10-2',
      new: 'hello_2.10-3',
      label: null,
    })
  })

  it('requires debug logs data to be empty', () => {
    expect(rejection(ArtifactCategory.WORK_REQUEST_DEBUG_LOGS, { files: [] }).issues).toEqual([
      expect.objectContaining({ rule: 'unrecognized_keys' }),
    ])
  })

  it('refuses an unknown lintian severity and a negative count', () => {
    const { summary } = examples['debian:lintian'].data as { summary: Record<string, unknown> }
    const bad = { summary: { ...summary, tags_count_by_severity: { fatal: 1, warning: -1 } } }
    expect(rejection(ArtifactCategory.LINTIAN, bad).issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'summary.tags_count_by_severity',
          rule: 'unrecognized_keys',
          message: matching(/fatal/),
        }),
        expect.objectContaining({ path: 'summary.tags_count_by_severity.warning', rule: 'too_small' }),
      ]),
    )
    const severities = Object.fromEntries(Object.values(LintianSeverity).map((severity) => [severity, 0]))
    expect(
      parseModel('LintianData', artifactDataSchemaFor(ArtifactCategory.LINTIAN), {
        summary: { ...summary, tags_count_by_severity: severities },
      }).summary.tags_count_by_severity,
    ).toEqual(severities)
  })

  it('refuses an unknown autopkgtest status and a source package url that is not a URL', () => {
    const data = examples['debian:autopkgtest'].data
    expect(
      rejection(ArtifactCategory.AUTOPKGTEST, { ...data, results: { smoke: { status: 'pass' } } }).issues,
    ).toEqual([expect.objectContaining({ path: 'results.smoke.status', rule: 'invalid_value' })])
    const sourcePackage = { name: 'hello', version: '2.10-3', url: 'not a url' }
    expect(
      rejection(ArtifactCategory.AUTOPKGTEST, { ...data, source_package: sourcePackage }).issues,
    ).toEqual([expect.objectContaining({ path: 'source_package.url', rule: 'invalid_format' })])
  })

  it('refuses an unknown image format or boot mechanism', () => {
    const data = examples['debian:system-image'].data
    expect(
      rejection(ArtifactCategory.SYSTEM_IMAGE, { ...data, image_format: 'vmdk', boot_mechanism: 'uboot' })
        .issues,
    ).toEqual([
      expect.objectContaining({ path: 'image_format', rule: 'invalid_value' }),
      expect.objectContaining({ path: 'boot_mechanism', rule: 'invalid_value' }),
    ])
  })

  it('refuses a category it does not know, naming the expected ones', () => {
    expect(() => artifactDataSchemaFor('debian:nonsense' as ArtifactCategory)).toThrow(
      /Invalid ArtifactCategory: category: Invalid category "debian:nonsense"\. Expected one of debian:autopkgtest, .*\(invalid_value\)/,
    )
    expect(() => artifactDataSchemaFor('toString' as ArtifactCategory)).toThrow(ValidationError)
  })

  it('types the data by category', () => {
    const upload: ArtifactDataByCategory['debian:upload'] = parseModel(
      'UploadData',
      artifactDataSchemaFor(ArtifactCategory.UPLOAD),
      examples['debian:upload'].data,
    )
    expect(upload.changes_fields.Files[0]?.name).toBe('hello_2.10-3_amd64.deb')
  })
})

describe('JSON round trips', () => {
  const word = fc.stringMatching(/^[a-z0-9][a-z0-9.+~-]{0,20}$/)

  it('autopkgtest data survives JSON', () => {
    const schema = artifactDataSchemaFor(ArtifactCategory.AUTOPKGTEST)
    const data = fc.record({
      results: fc.dictionary(
        word,
        fc.record({
          status: fc.constantFrom(...Object.values(AutopkgtestResultStatus)),
          details: fc.option(fc.string()),
        }),
      ),
      cmdline: fc.string(),
      source_package: fc.record({ name: word, version: word, url: fc.webUrl() }),
      architecture: word,
      distribution: word,
    })
    fc.assert(
      fc.property(data, (input) => {
        const parsed = parseModel('AutopkgtestData', schema, input)
        expect(parseModel('AutopkgtestData', schema, JSON.parse(JSON.stringify(parsed)))).toEqual(parsed)
      }),
    )
  })

  it('system image data survives JSON', () => {
    const schema = artifactDataSchemaFor(ArtifactCategory.SYSTEM_IMAGE)
    const data = fc.record({
      filename: word,
      vendor: word,
      codename: word,
      mirror: fc.webUrl(),
      components: fc.array(word),
      variant: fc.option(word),
      pkglist: fc.dictionary(word, word),
      architecture: word,
      with_dev: fc.boolean(),
      with_init: fc.boolean(),
      image_format: fc.constantFrom('raw', 'qcow2'),
      filesystem: word,
      size: fc.nat(),
      boot_mechanism: fc.constantFrom('efi', 'bios'),
    })
    fc.assert(
      fc.property(data, (input) => {
        const parsed = parseModel('SystemImageData', schema, input)
        expect(parseModel('SystemImageData', schema, JSON.parse(JSON.stringify(parsed)))).toEqual(parsed)
      }),
    )
  })

  it('package build log data with a dose-debcheck report survives JSON', () => {
    const schema = artifactDataSchemaFor(ArtifactCategory.PACKAGE_BUILD_LOG)
    const pkg = fc.record({ package: word, version: word, architecture: fc.option(word) })
    const depchains = fc.array(fc.record({ depchain: fc.array(pkg) }), { maxLength: 2 })
    const reason = fc.oneof(
      fc.record({ missing: fc.record({ pkg, depchains }) }),
      fc.record({
        conflict: fc.record({ pkg1: pkg, pkg2: pkg, depchain1: depchains, depchain2: depchains }),
      }),
    )
    const report = fc.record({
      'output-version': fc.constant('1.2'),
      'native-architecture': fc.option(word),
      report: fc.array(
        fc.record({
          package: word,
          version: word,
          status: fc.constantFrom('broken', 'ok'),
          reasons: fc.array(reason, { maxLength: 3 }),
        }),
        { maxLength: 3 },
      ),
      'total-packages': fc.nat(),
      'broken-packages': fc.nat(),
      'background-packages': fc.nat(),
      'foreground-packages': fc.nat(),
    })
    const data = fc.record({
      source: word,
      version: word,
      filename: word,
      bd_uninstallable: fc.option(report),
    })
    fc.assert(
      fc.property(data, (input) => {
        const parsed = parseModel('PackageBuildLogData', schema, input)
        expect(parseModel('PackageBuildLogData', schema, JSON.parse(JSON.stringify(parsed)))).toEqual(parsed)
      }),
    )
  })
})
