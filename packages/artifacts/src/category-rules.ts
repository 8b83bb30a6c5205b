import { readFile } from 'node:fs/promises'
import { ArtifactCategory } from '@debusine-ts/models'
import { ArtifactRuleError } from './artifact-rule-error.js'
import {
  ARTIFACT_DATA_SCHEMAS,
  artifactCategories,
  type ArtifactDataByCategory,
  type FileRequest,
} from '@debusine-ts/models'

// The one list of categories lives in models; artifacts re-exports it for its callers.
export { artifactCategories }

/** What the category rules look at: the category, its data and the paths in the artifact. */
export interface ArtifactContents<Category extends ArtifactCategory = ArtifactCategory> {
  readonly category: Category
  /** The category's data, already valid against its model. */
  readonly data: unknown
  /** Path in the artifact → local path. */
  readonly files: ReadonlyMap<string, string>
  /** Path in the artifact → what the server should already hold. */
  readonly remoteFiles: ReadonlyMap<string, FileRequest>
  /** Listed names deliberately left out (the earlier upload shape's `exclude_files`). */
  readonly excludedFiles?: ReadonlySet<string>
}

/** How error messages name the artifacts of each category. */
export const CATEGORY_LABELS: Readonly<Record<ArtifactCategory, string>> = Object.freeze({
  [ArtifactCategory.WORK_REQUEST_DEBUG_LOGS]: 'Work request debug logs artifact',
  [ArtifactCategory.PACKAGE_BUILD_LOG]: 'Package build log artifact',
  [ArtifactCategory.UPLOAD]: 'Upload artifact',
  [ArtifactCategory.SOURCE_PACKAGE]: 'Source package artifact',
  [ArtifactCategory.BINARY_PACKAGE]: 'Binary package artifact',
  [ArtifactCategory.BINARY_PACKAGES]: 'Binary packages artifact',
  [ArtifactCategory.DEBUG_SYMBOLS]: 'Debug symbols artifact',
  [ArtifactCategory.LINTIAN]: 'Lintian artifact',
  [ArtifactCategory.AUTOPKGTEST]: 'Autopkgtest artifact',
  [ArtifactCategory.PIUPARTS]: 'Piuparts artifact',
  [ArtifactCategory.SYSTEM_TARBALL]: 'System tarball artifact',
  [ArtifactCategory.BLHC]: 'Blhc artifact',
  [ArtifactCategory.DEBDIFF]: 'Debdiff artifact',
  [ArtifactCategory.SYSTEM_IMAGE]: 'System image artifact',
  [ArtifactCategory.SIGNING_INPUT]: 'Signing input artifact',
  [ArtifactCategory.SIGNING_OUTPUT]: 'Signing output artifact',
  [ArtifactCategory.REPOSITORY_INDEX]: 'Repository index artifact',
  [ArtifactCategory.TEST]: 'Test artifact',
})

/**
 * Check that `category` is an artifact category.
 * @throws {ArtifactRuleError} naming the valid categories when it is not
 */
export function assertArtifactCategory(category: string): asserts category is ArtifactCategory {
  if (!Object.hasOwn(ARTIFACT_DATA_SCHEMAS, category)) {
    throw new ArtifactRuleError(
      `Invalid category "${category}". Expected one of ${artifactCategories().join(', ')}`,
    )
  }
}

const isBinaryPackage = (name: string): boolean => name.endsWith('.deb') || name.endsWith('.udeb')
const list = (names: readonly string[]): string => (names.length === 0 ? 'none' : names.join(', '))

function exactlyOne(
  label: string,
  paths: string[],
  what: string,
  matches: (path: string) => boolean,
): string {
  const found = paths.filter(matches)
  if (found.length !== 1) {
    throw new ArtifactRuleError(
      `${label} needs exactly one ${what}; got ${found.length}: ${list(found)}`,
      found,
    )
  }
  return found[0] as string
}

function sameSet(label: string, actual: string[], expected: string[], rule: string): void {
  const expectedSet = new Set(expected)
  const actualSet = new Set(actual)
  const missing = expected.filter((name) => !actualSet.has(name)).sort()
  const unexpected = actual.filter((name) => !expectedSet.has(name)).sort()
  if (missing.length > 0 || unexpected.length > 0) {
    throw new ArtifactRuleError(
      `${label} files must be ${rule}; missing: ${list(missing)}; not listed: ${list(unexpected)}`,
      [...missing, ...unexpected],
    )
  }
}

function onlyFile(label: string, paths: string[], rule: string, matches: (path: string) => boolean): void {
  if (paths.length !== 1) {
    throw new ArtifactRuleError(`${label} needs exactly one file; got ${paths.length}: ${list(paths)}`, paths)
  }
  const [path] = paths as [string]
  if (!matches(path)) throw new ArtifactRuleError(`${label} file "${path}" must ${rule}`, [path])
}

function checkBinaryPackages(label: string, paths: string[]): void {
  if (paths.length === 0) throw new ArtifactRuleError(`${label} needs at least one file; got none`)
  const others = paths.filter((path) => !isBinaryPackage(path))
  if (others.length > 0) {
    throw new ArtifactRuleError(`${label} files must end with ".deb" or ".udeb"; got ${list(others)}`, others)
  }
}

async function checkLintian(
  label: string,
  paths: string[],
  files: ReadonlyMap<string, string>,
): Promise<void> {
  sameSet(label, paths, ['analysis.json', 'lintian.txt'], 'exactly "analysis.json" and "lintian.txt"')
  const analysis = files.get('analysis.json')
  if (analysis === undefined) return
  try {
    JSON.parse(await readFile(analysis, 'utf8'))
  } catch (error) {
    throw new ArtifactRuleError(
      `${label} file "analysis.json" (${analysis}) must be valid JSON`,
      [analysis],
      {
        cause: error,
      },
    )
  }
}

function listedNames(value: unknown): string[] {
  return Array.isArray(value)
    ? value.flatMap((entry: unknown) =>
        typeof entry === 'object' && entry !== null && typeof (entry as { name?: unknown }).name === 'string'
          ? [(entry as { name: string }).name]
          : [],
      )
    : []
}

/**
 * Check the file rules of the artifact's category (docs/protocol.md §12): counts, suffixes, the
 * set of files a `.dsc` or `.changes` lists, the two files of a lintian artifact, …
 * Paths of local and remote files count alike.
 *
 * @throws {ArtifactRuleError} naming the file(s) and the rule broken
 */
export async function checkCategoryRules(contents: ArtifactContents): Promise<void> {
  const label = CATEGORY_LABELS[contents.category]
  const paths: string[] = [...contents.files.keys(), ...contents.remoteFiles.keys()].sort()
  switch (contents.category) {
    case ArtifactCategory.PACKAGE_BUILD_LOG:
      onlyFile(label, paths, 'end with ".build"', (path) => path.endsWith('.build'))
      return
    case ArtifactCategory.UPLOAD: {
      const data = contents.data as ArtifactDataByCategory['debian:upload']
      const changes = exactlyOne(label, paths, '.changes file', (path) => path.endsWith('.changes'))
      sameSet(
        label,
        paths.filter((path) => path !== changes),
        listedNames(data.changes_fields.Files).filter((name) => !contents.excludedFiles?.has(name)),
        `the ones the .changes Files field lists, plus "${changes}"`,
      )
      return
    }
    case ArtifactCategory.SOURCE_PACKAGE: {
      const data = contents.data as ArtifactDataByCategory['debian:source-package']
      const dsc = exactlyOne(label, paths, '.dsc file', (path) => path.endsWith('.dsc'))
      sameSet(
        label,
        paths.filter((path) => path !== dsc),
        listedNames(data.dsc_fields.Files),
        `the ones the .dsc Files field lists, plus "${dsc}"`,
      )
      return
    }
    case ArtifactCategory.BINARY_PACKAGE:
      onlyFile(label, paths, 'end with ".deb" or ".udeb"', isBinaryPackage)
      return
    case ArtifactCategory.BINARY_PACKAGES:
      checkBinaryPackages(label, paths)
      return
    case ArtifactCategory.DEBUG_SYMBOLS: {
      const data = contents.data as ArtifactDataByCategory['debian:debug-symbols']
      sameSet(label, paths, [...data.build_ids], 'named after the build ids of its data')
      return
    }
    case ArtifactCategory.LINTIAN:
      return checkLintian(label, paths, contents.files)
    case ArtifactCategory.SYSTEM_TARBALL:
      onlyFile(label, paths, 'end with ".tar.xz"', (path) => path.endsWith('.tar.xz'))
      return
    case ArtifactCategory.SYSTEM_IMAGE:
      onlyFile(
        label,
        paths,
        'end with ".tar.xz" or ".qcow2"',
        (path) => path.endsWith('.tar.xz') || path.endsWith('.qcow2'),
      )
      return
    case ArtifactCategory.SIGNING_INPUT:
      if (paths.length === 0) throw new ArtifactRuleError(`${label} needs at least one file; got none`)
      return
    case ArtifactCategory.WORK_REQUEST_DEBUG_LOGS:
    case ArtifactCategory.AUTOPKGTEST:
    case ArtifactCategory.PIUPARTS:
    case ArtifactCategory.BLHC:
    case ArtifactCategory.DEBDIFF:
    case ArtifactCategory.SIGNING_OUTPUT:
    case ArtifactCategory.REPOSITORY_INDEX:
    case ArtifactCategory.TEST:
      return
  }
}
