import { type CommandSpec, workspaceOption } from '@debusine-ts/cli-kit'
import { text } from './option-specs.js'

const collection = (summary: string) => text('NAME@CATEGORY', summary)
const change = (summary: string) => ({ ...collection(summary), nargs: '+' }) as const
const types = 'suite-based-on, suite-default-qa-results, suite-forked-from, suite-requires or suite-targeting'

/** The `collection relation` commands. */
export const collectionRelationCommands = {
  list: {
    path: ['collection', 'relation', 'list'],
    summary: 'list the relations between collections of a workspace',
    options: {
      workspace: workspaceOption,
      from: collection('only relations from this collection'),
      to: collection('only relations to this collection'),
      type: text('TYPE', `only relations of this type: ${types}`),
    },
  },
  edit: {
    path: ['collection', 'relation', 'edit'],
    summary: 'change the targets of the relations of one type from a collection',
    description:
      'Changes apply in the order --set, --append, --prepend, --remove; the targets are replaced (guarded by the ETag) only if they changed. --edit opens the list in $EDITOR instead (on a terminal).',
    options: {
      workspace: workspaceOption,
      append: change('add targets at the end'),
      prepend: change('add targets at the start'),
      remove: change('remove targets'),
      set: change('replace the targets'),
      edit: { kind: 'flag', summary: 'edit the targets in $EDITOR' },
    },
    arguments: {
      source: { name: 'FROM-NAME@CATEGORY', summary: 'the source collection' },
      type: { name: 'TYPE', summary: `the relation type: ${types}` },
    },
    examples: [
      'collection relation edit trixie-backports@debian:suite suite-requires --append trixie@debian:suite',
    ],
    output: 'yaml',
  },
} as const satisfies Record<string, CommandSpec>
