// The layer rule of the suite, in one place: a package may import only the packages listed
// for it here. Nothing points back up.
export const allowedImports = {
  models: [],
  artifacts: ['models'],
  transport: ['models'],
  client: ['models', 'artifacts', 'transport'],
  events: ['models', 'transport', 'client'],
  enroll: ['models', 'transport'],
  // The command-line kit sits above the client, which never imports it (nor re-exports it).
  'cli-kit': ['models', 'transport', 'client'],
  cli: ['models', 'artifacts', 'transport', 'client', 'events', 'enroll', 'cli-kit'],
  daemon: ['models', 'transport', 'client', 'events', 'cli-kit'],
  action: ['models', 'artifacts', 'transport', 'client', 'events', 'cli-kit'],
  'fake-server': ['models'],
}

// Layers inside a package: files under the first folder never import from the second. The
// client's public error types (src/errors) sit below its machinery (src/internal: transfers,
// create-once, lists), which sits below the folders of the resource namespaces that call down into it.
const clientNouns = [
  'artifacts',
  'assets',
  'collections',
  'lookups',
  'metrics',
  'relations',
  'task-configurations',
  'work-requests',
  'workflow-templates',
  'workflows',
  'workspaces',
  'archive',
  'debian-import',
  'signing',
  'config',
]
export const folderLayers = {
  client: [
    ['src/errors', 'src/internal'],
    ...clientNouns.flatMap((noun) => [
      ['src/internal', `src/${noun}`],
      ['src/errors', `src/${noun}`],
    ]),
  ],
}
