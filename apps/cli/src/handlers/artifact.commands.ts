import { type CommandSpec, isIsoDate, optionalDataOption, workspaceOption } from '@debusine-ts/cli-kit'
import { text } from './option-specs.js'

const artifactId = { name: 'ID', summary: 'the artifact id', kind: 'integer' } as const
const expireAt = {
  ...text('ISO8601', 'expiry date (sent as expire_at; ignored by 0.16.2 servers)'),
  check: (value: string) => (isIsoDate(value) ? undefined : `invalid isoparse value: '${value}'`),
} as const

const noResume = {
  kind: 'flag',
  python: false,
  summary: 'create new artifacts even when an interrupted run of the same upload left some to continue',
} as const

/** The `artifact` commands. */
export const artifactCommands = {
  create: {
    path: ['artifact', 'create'],
    summary: 'create an artifact and upload its files',
    options: {
      workspace: workspaceOption,
      data: optionalDataOption,
      upload: { ...text('FILE', 'files to add and upload'), nargs: '+', complete: 'file' },
      uploadBaseDirectory: {
        ...text('DIR', 'the files are named relative to this directory'),
        complete: 'directory',
      },
      expireAt,
      noResume,
    },
    arguments: {
      category: { name: 'CATEGORY', summary: 'the artifact category, e.g. debian:source-package' },
    },
    examples: [
      'artifact create debian:source-package --data data.yaml --upload hello_1.0.dsc hello_1.0.tar.xz',
    ],
    legacy: ['create-artifact'],
    output: 'yaml',
  },
  show: {
    path: ['artifact', 'show'],
    summary: 'show an artifact',
    arguments: { id: artifactId },
    legacy: ['show-artifact'],
    output: 'yaml',
  },
  showRelations: {
    path: ['artifact', 'show-relations'],
    summary: 'show the relations of an artifact',
    options: { reverse: { kind: 'flag', summary: 'relations to the artifact instead of from it' } },
    arguments: { id: artifactId },
    legacy: ['show-artifact-relations'],
    output: 'yaml',
  },
  importDebian: {
    path: ['artifact', 'import-debian'],
    summary: 'import a .changes, .dsc or .deb (and what it lists) as artifacts',
    description:
      'A .changes becomes an upload artifact, plus its source package and binary packages, with extends and relates-to relations from the upload. A local path, a file:// URL or an http(s) URL (fetched with what it lists, hashes checked). Run again after an interruption, it continues the same artifacts.',
    options: { workspace: workspaceOption, expireAt, noResume },
    arguments: {
      upload: { name: 'UPLOAD', summary: 'path to a .changes, .dsc, .deb, .ddeb or .udeb', complete: 'file' },
    },
    examples: ['artifact import-debian hello_1.0-1.dsc', 'artifact import-debian hello_1.0-1_amd64.changes'],
    legacy: ['import-debian-artifact'],
    output: 'yaml',
  },
  download: {
    path: ['artifact', 'download'],
    summary: 'download the files of an artifact',
    options: {
      targetDirectory: {
        ...text('DIR', 'where to write the files (default: the current directory)'),
        complete: 'directory',
      },
      tarball: { kind: 'flag', summary: 'download one .tar.gz instead of the files' },
      completeFilesOnly: {
        kind: 'flag',
        python: false,
        summary: 'of an artifact whose upload never finished, download the complete files only',
      },
    },
    arguments: { id: artifactId },
    examples: ['artifact download 42 --target-directory out/'],
    legacy: ['download-artifact'],
    output: 'none',
  },
} as const satisfies Record<string, CommandSpec>
