import {
  type CommandSpec,
  optionalDataOption,
  requiredDataOption,
  workspaceOption,
} from '@debusine-ts/cli-kit'
import { integer, text } from './option-specs.js'

/** A retention period in days, or `-` for none (checked by the parser, as argparse's type). */
const retention = (summary: string) =>
  ({
    ...text('DAYS', summary),
    check: (value: string) =>
      /^(\d+|-)$/.test(value) ? undefined : "retention period must be a number or '-'",
  }) as const
const retentionOptions = {
  fullHistoryRetentionPeriod: retention('days to keep full history ("-" to unset)'),
  metadataOnlyRetentionPeriod: retention('days to keep metadata only ("-" to unset)'),
}
const collectionArguments = {
  categoryOrFullName: {
    name: '[NAME@]CATEGORY',
    summary: 'the collection category, optionally with its name',
  },
  name: { name: 'NAME', summary: 'the collection name (default "_")', nargs: '?' },
} as const
const lookupOptions = {
  workspace: workspaceOption,
  workflow: integer('ID', 'the workflow whose internal collection the lookup may name'),
  defaultCategory: text('CATEGORY', 'the collection category of the first segment when it has no @category'),
  expectType: {
    ...text('TYPE', 'what the lookup must find: bare, artifact, artifact-or-promise, collection or any'),
    default: 'any',
  },
} as const

/** The `collection` commands (relations and lookups included). */
export const collectionCommands = {
  list: {
    path: ['collection', 'list'],
    summary: 'list the collections of a workspace',
    options: { workspace: workspaceOption },
  },
  show: {
    path: ['collection', 'show'],
    summary: 'show a collection, with statistics',
    options: { workspace: workspaceOption },
    arguments: collectionArguments,
    examples: ['collection show debian:suite bookworm', 'collection show bookworm@debian:suite --yaml'],
  },
  create: {
    path: ['collection', 'create'],
    summary: 'create a collection',
    options: { workspace: workspaceOption, ...retentionOptions, data: requiredDataOption },
    arguments: collectionArguments,
    examples: ['collection create debian:suite trixie --data data.yaml'],
  },
  manage: {
    path: ['collection', 'manage'],
    summary: 'change a collection: name, data, retention periods',
    options: {
      workspace: workspaceOption,
      ...retentionOptions,
      data: optionalDataOption,
      rename: text('NEW', 'the new name'),
    },
    arguments: collectionArguments,
  },
  remove: {
    path: ['collection', 'delete'],
    summary: 'delete a collection (refused while it holds items, unless --force)',
    options: {
      workspace: workspaceOption,
      force: { kind: 'flag', short: 'f', summary: 'delete even if not empty' },
    },
    arguments: collectionArguments,
    output: 'none',
  },
  lookupSingle: {
    path: ['collection', 'lookup-single'],
    summary: 'look up one artifact, collection or collection item',
    options: lookupOptions,
    arguments: {
      lookup: { name: 'LOOKUP', summary: 'a lookup, e.g. 42@artifacts or sid@debian:suite/source:hello' },
    },
    examples: ['collection lookup-single sid@debian:suite --expect-type collection'],
  },
  lookupMultiple: {
    path: ['collection', 'lookup-multiple'],
    summary: 'look up several items at once',
    description:
      'The lookups are the arguments, or the "lookups" list of the YAML --data (stdin by default).',
    options: { ...lookupOptions, data: requiredDataOption },
    arguments: { lookups: { name: 'LOOKUP', summary: 'lookups', nargs: '*' } },
    examples: ['collection lookup-multiple 42@artifacts _@debian:archive'],
  },
} as const satisfies Record<string, CommandSpec>
