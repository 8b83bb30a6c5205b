import {
  dataOption,
  timeoutOption,
  waitOption,
  workspaceOption,
  type CommandHandler,
  type CommandSpec,
} from './command-spec.js'
import type * as ArtifactHandlers from './handlers/artifact.js'
import type * as AssetHandlers from './handlers/asset.js'
import type * as CollectionHandlers from './handlers/collection.js'
import type * as MiscHandlers from './handlers/misc.js'
import type * as WorkRequestHandlers from './handlers/work-request.js'
import type * as WorkflowTemplateHandlers from './handlers/workflow-template.js'
import type * as WorkflowHandlers from './handlers/workflow.js'
import type * as WorkspaceHandlers from './handlers/workspace.js'
import type * as LookupHandlers from './handlers/collection-lookup.js'
import type * as RelationHandlers from './handlers/collection-relation.js'
import type * as TaskConfigHandlers from './handlers/task-config.js'
import type * as ArchiveHandlers from './handlers/archive.js'

// Each handler module is imported only when its command runs: start-up stays fast.
type HandlerName<Module> = {
  [Name in keyof Module]: Module[Name] extends CommandHandler ? Name : never
}[keyof Module]
const workRequest = (name: HandlerName<typeof WorkRequestHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/work-request.js'))[name]
const workflow = (name: HandlerName<typeof WorkflowHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/workflow.js'))[name]
const template = (name: HandlerName<typeof WorkflowTemplateHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/workflow-template.js'))[name]
const artifact = (name: HandlerName<typeof ArtifactHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/artifact.js'))[name]
const asset = (name: HandlerName<typeof AssetHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/asset.js'))[name]
const collection = (name: HandlerName<typeof CollectionHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/collection.js'))[name]
const workspace = (name: HandlerName<typeof WorkspaceHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/workspace.js'))[name]
const lookup = (name: HandlerName<typeof LookupHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/collection-lookup.js'))[name]
const relation = (name: HandlerName<typeof RelationHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/collection-relation.js'))[name]
const taskConfig = (name: HandlerName<typeof TaskConfigHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/task-config.js'))[name]
const archive = (name: HandlerName<typeof ArchiveHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/archive.js'))[name]
const misc = (name: HandlerName<typeof MiscHandlers>) => async (): Promise<CommandHandler> =>
  (await import('./handlers/misc.js'))[name]

const limitOption = {
  name: 'limit',
  kind: 'integer',
  valueName: 'N',
  summary: 'how many to show (default 20)',
} as const

const retentionOptions = [
  {
    name: 'full-history-retention-period',
    kind: 'string',
    valueName: 'DAYS',
    summary: 'days to keep full history ("-" to unset)',
  },
  {
    name: 'metadata-only-retention-period',
    kind: 'string',
    valueName: 'DAYS',
    summary: 'days to keep metadata only ("-" to unset)',
  },
] as const

const collectionArguments = [
  { name: '[NAME@]CATEGORY', summary: 'the collection category, optionally with its name' },
  { name: 'NAME', summary: 'the collection name (default "_")', optional: true },
] as const

const lookupOptions = [
  workspaceOption,
  {
    name: 'workflow',
    kind: 'integer',
    valueName: 'ID',
    summary: 'the workflow the lookup is for (sent by the Python client, ignored by 0.16.2 servers)',
  },
  {
    name: 'default-category',
    kind: 'string',
    valueName: 'CATEGORY',
    summary: 'the category of the first segment when it has no @category',
  },
  {
    name: 'expect-type',
    kind: 'string',
    valueName: 'TYPE',
    choices: ['bare', 'artifact', 'artifact-or-promise', 'collection', 'any'],
    summary: 'what the lookup must find (default any)',
  },
] as const

const relationChange = (name: string, summary: string) =>
  ({ name, kind: 'string', multiple: 'greedy', valueName: 'NAME@CATEGORY', summary }) as const

const suiteOption = {
  name: 'suite',
  kind: 'string',
  valueName: 'SUITE',
  summary: 'the suite (required)',
} as const

const archiveSuiteOption = {
  name: 'suite',
  kind: 'string',
  valueName: 'SUITE',
  summary: 'this suite only, instead of the whole archive',
} as const

const workdirOption = {
  name: 'workdir',
  kind: 'string',
  valueName: 'DIR',
  complete: 'directory',
  summary: 'the local repository (default: the current directory)',
} as const

const templateOptions = [
  workspaceOption,
  { name: 'priority', kind: 'integer', valueName: 'N', summary: 'base priority of work requests it creates' },
] as const

/** Every command of the CLI, as data: the parser, help, completion and README read it. */
export const commands: readonly CommandSpec[] = [
  {
    path: ['setup'],
    summary: 'configure a server in the config file (interactive on a terminal)',
    description:
      'On a terminal: a menu of the configured and known servers (debian, freexian, localhost) and new, then url, token, scope, workspace, default, save, quit. Saving without a token gets one by enrollment (confirm in the web interface). For scripts: --server NAME with --api-url, --scope, --workspace, --token or --enroll; never prompts.',
    options: [
      { name: 'api-url', kind: 'string', valueName: 'URL', summary: "the server's /api URL" },
      { name: 'token', kind: 'string', valueName: 'TOKEN', summary: 'the API token' },
      {
        name: 'workspace',
        short: 'w',
        kind: 'string',
        valueName: 'WORKSPACE',
        summary: 'the default workspace ("-" to unset)',
      },
      { name: 'default', kind: 'boolean', summary: 'make it the default server' },
      {
        name: 'enroll',
        kind: 'boolean',
        summary: 'get a new token by enrollment (prints the address to confirm in the web interface)',
      },
    ],
    arguments: [],
    examples: [
      'setup',
      'setup --server debian --enroll',
      'setup --server local --api-url http://localhost:8000/api/ --scope debusine --token TOKEN --default',
    ],
    offline: true,
    output: 'none',
    load: async () => (await import('./handlers/setup.js')).setup,
  },
  {
    path: ['workspace', 'inheritance'],
    summary: 'show, and optionally change, the inheritance chain of a workspace',
    description:
      'Items are ID, NAME or SCOPE/NAME. Changes apply in the order --append, --prepend, --remove, --set; the chain is sent only if it changed.',
    options: [
      workspaceOption,
      {
        name: 'append',
        kind: 'string',
        multiple: 'greedy',
        valueName: 'W',
        summary: 'add workspaces at the end',
      },
      {
        name: 'prepend',
        kind: 'string',
        multiple: 'greedy',
        valueName: 'W',
        summary: 'add workspaces at the start',
      },
      { name: 'remove', kind: 'string', multiple: 'greedy', valueName: 'W', summary: 'remove workspaces' },
      { name: 'set', kind: 'string', multiple: 'greedy', valueName: 'W', summary: 'replace the chain' },
    ],
    arguments: [
      { name: 'WORKSPACE', summary: 'the workspace (deprecated: use --workspace)', optional: true },
    ],
    examples: ['workspace inheritance --workspace developers --append base'],
    legacy: ['workspace-inheritance'],
    output: 'yaml',
    load: workspace('inheritance'),
  },
  {
    path: ['collection', 'list'],
    summary: 'list the collections of a workspace',
    options: [workspaceOption],
    arguments: [],
    output: 'model',
    load: collection('list'),
  },
  {
    path: ['collection', 'show'],
    summary: 'show a collection, with statistics',
    options: [workspaceOption],
    arguments: collectionArguments,
    examples: ['collection show debian:suite bookworm', 'collection show bookworm@debian:suite --yaml'],
    output: 'model',
    load: collection('show'),
  },
  {
    path: ['collection', 'create'],
    summary: 'create a collection',
    options: [workspaceOption, dataOption(true), ...retentionOptions],
    arguments: collectionArguments,
    examples: ['collection create debian:suite trixie --data data.yaml'],
    output: 'model',
    load: collection('create'),
  },
  {
    path: ['collection', 'manage'],
    summary: 'change a collection: name, data, retention periods',
    options: [
      workspaceOption,
      dataOption(false),
      { name: 'rename', kind: 'string', valueName: 'NEW', summary: 'the new name' },
      ...retentionOptions,
    ],
    arguments: collectionArguments,
    output: 'model',
    load: collection('manage'),
  },
  {
    path: ['collection', 'delete'],
    summary: 'delete a collection (refused while it holds items, unless --force)',
    options: [
      workspaceOption,
      { name: 'force', short: 'f', kind: 'boolean', summary: 'delete even if not empty' },
    ],
    arguments: collectionArguments,
    output: 'none',
    load: collection('remove'),
  },
  {
    path: ['collection', 'lookup-single'],
    summary: 'look up one artifact, collection or collection item',
    options: lookupOptions,
    arguments: [{ name: 'LOOKUP', summary: 'a lookup, e.g. 42@artifacts or sid@debian:suite/source:hello' }],
    examples: ['collection lookup-single sid@debian:suite --expect-type collection'],
    output: 'model',
    load: lookup('lookupSingle'),
  },
  {
    path: ['collection', 'lookup-multiple'],
    summary: 'look up several items at once',
    description:
      'The lookups are the arguments, or the "lookups" list of the YAML --data (stdin by default).',
    options: [...lookupOptions, dataOption(true)],
    arguments: [{ name: 'LOOKUP', summary: 'lookups', variadic: true, optional: true }],
    examples: ['collection lookup-multiple 42@artifacts _@debian:archive'],
    output: 'model',
    load: lookup('lookupMultiple'),
  },
  {
    path: ['collection', 'relation', 'list'],
    summary: 'list the relations between collections of a workspace',
    options: [
      workspaceOption,
      {
        name: 'from',
        kind: 'string',
        valueName: 'NAME@CATEGORY',
        summary: 'only relations from this collection',
      },
      {
        name: 'to',
        kind: 'string',
        valueName: 'NAME@CATEGORY',
        summary: 'only relations to this collection',
      },
      { name: 'type', kind: 'string', valueName: 'TYPE', summary: 'only relations of this type' },
    ],
    arguments: [],
    output: 'model',
    load: relation('list'),
  },
  {
    path: ['collection', 'relation', 'edit'],
    summary: 'change the targets of the relations of one type from a collection',
    description:
      'Changes apply in the order --set, --append, --prepend, --remove; the targets are replaced (guarded by the ETag) only if they changed. --edit opens the list in $EDITOR instead (on a terminal).',
    options: [
      workspaceOption,
      relationChange('append', 'add targets at the end'),
      relationChange('prepend', 'add targets at the start'),
      relationChange('remove', 'remove targets'),
      relationChange('set', 'replace the targets'),
      { name: 'edit', kind: 'boolean', summary: 'edit the targets in $EDITOR' },
    ],
    arguments: [
      { name: 'FROM-NAME@CATEGORY', summary: 'the source collection' },
      { name: 'TYPE', summary: 'the relation type, e.g. suite-requires' },
    ],
    examples: [
      'collection relation edit trixie-backports@debian:suite suite-requires --append trixie@debian:suite',
    ],
    output: 'yaml',
    load: relation('edit'),
  },
  {
    path: ['workflow-template', 'create'],
    summary: 'create a workflow template',
    description:
      'The data holds static_parameters, runtime_parameters (a mapping or "any"), extra_groups and restricted.',
    options: [...templateOptions, dataOption(true)],
    arguments: [
      { name: 'TASK_NAME', summary: 'the workflow task, e.g. noop' },
      { name: 'TEMPLATE_NAME', summary: 'the template name' },
    ],
    examples: ["workflow-template create noop my-noop --data - <<< 'static_parameters: {}'"],
    output: 'model',
    load: template('create'),
  },
  {
    path: ['workflow-template', 'list'],
    summary: 'list the workflow templates of a workspace',
    options: [workspaceOption],
    arguments: [],
    output: 'model',
    load: template('list'),
  },
  {
    path: ['workflow-template', 'show'],
    summary: 'show a workflow template',
    options: [workspaceOption],
    arguments: [{ name: 'NAME_OR_ID', summary: 'the template name or id' }],
    output: 'model',
    load: template('show'),
  },
  {
    path: ['workflow-template', 'manage'],
    summary: 'change a workflow template',
    options: [
      ...templateOptions,
      dataOption(false),
      { name: 'rename', kind: 'string', valueName: 'NEW', summary: 'the new name' },
    ],
    arguments: [{ name: 'NAME_OR_ID', summary: 'the template name or id' }],
    output: 'model',
    load: template('manage'),
  },
  {
    path: ['workflow-template', 'edit'],
    summary: 'edit a workflow template in $EDITOR (on a terminal)',
    description:
      'Edits static_parameters, runtime_parameters, extra_groups and restricted; saved only if changed.',
    options: [workspaceOption],
    arguments: [{ name: 'NAME_OR_ID', summary: 'the template name or id' }],
    output: 'model',
    load: template('edit'),
  },
  {
    path: ['workflow-template', 'delete'],
    summary: 'delete a workflow template',
    options: [workspaceOption],
    arguments: [{ name: 'NAME_OR_ID', summary: 'the template name or id' }],
    output: 'none',
    load: template('remove'),
  },
  {
    path: ['workflow', 'list'],
    summary: 'list root workflows, newest first',
    options: [limitOption],
    arguments: [],
    output: 'model',
    load: workflow('list'),
  },
  {
    path: ['workflow', 'start'],
    summary: 'start a workflow from a template',
    options: [
      workspaceOption,
      dataOption(true),
      {
        name: 'no-template',
        kind: 'boolean',
        summary: 'NAME is a workflow task name, not a template (workspace owners only)',
      },
      waitOption,
      timeoutOption,
    ],
    arguments: [{ name: 'NAME', summary: 'the template name' }],
    examples: ['workflow start my-noop --data /dev/null --wait'],
    legacy: ['create-workflow'],
    output: 'model',
    load: workflow('start'),
  },
  {
    path: ['work-request', 'list'],
    summary: 'list the most recent work requests',
    options: [{ ...workspaceOption, summary: 'accepted for compatibility; not used' }, limitOption],
    arguments: [],
    legacy: ['list-work-requests'],
    output: 'model',
    load: workRequest('list'),
  },
  {
    path: ['work-request', 'show'],
    summary: 'show a work request and the artifacts it produced',
    options: [],
    arguments: [{ name: 'WORK_REQUEST_ID', summary: 'the work request id', integer: true }],
    examples: ['work-request show 42', 'work-request show 42 --yaml'],
    legacy: ['show-work-request'],
    output: 'model',
    load: workRequest('show'),
  },
  {
    path: ['work-request', 'create'],
    summary: 'create a work request',
    options: [
      workspaceOption,
      dataOption(true),
      {
        name: 'event-reactions',
        kind: 'string',
        valueName: 'FILE',
        complete: 'file',
        summary: 'YAML file with the event reactions',
      },
      waitOption,
      timeoutOption,
    ],
    arguments: [{ name: 'TASK_NAME', summary: 'the task, e.g. noop' }],
    examples: ["work-request create noop --data - --wait <<< 'result: success'"],
    legacy: ['create-work-request'],
    output: 'model',
    load: workRequest('create'),
  },
  {
    path: ['work-request', 'manage'],
    summary: 'change a work request',
    options: [
      {
        name: 'set-priority-adjustment',
        kind: 'integer',
        valueName: 'N',
        summary: 'the priority adjustment (positive needs the manage_priority permission)',
      },
    ],
    arguments: [{ name: 'WORK_REQUEST_ID', summary: 'the work request id', integer: true }],
    legacy: ['manage-work-request'],
    output: 'none',
    load: workRequest('manage'),
  },
  {
    path: ['work-request', 'retry'],
    summary: 'retry an aborted or failed work request',
    options: [],
    arguments: [{ name: 'WORK_REQUEST_ID', summary: 'the work request id', integer: true }],
    legacy: ['retry-work-request'],
    output: 'none',
    load: workRequest('retry'),
  },
  {
    path: ['work-request', 'abort'],
    summary: 'abort a work request',
    options: [],
    arguments: [{ name: 'WORK_REQUEST_ID', summary: 'the work request id', integer: true }],
    legacy: ['abort-work-request'],
    output: 'none',
    load: workRequest('abort'),
  },
  {
    path: ['work-request', 'sign'],
    summary: 'sign the upload a Wait/externaldebsign work request waits for, and complete it',
    description:
      'Downloads the unsigned upload (or copies it from the directory of --local-file, checking each file), runs debsign --re-sign on its .changes with DEBSIGN_ARGS, uploads the signed upload and completes the work request with it.',
    options: [
      {
        name: 'local-file',
        short: 'l',
        kind: 'string',
        valueName: 'CHANGES',
        complete: 'file',
        summary: 'a local copy of the unsigned .changes (its directory holds the other files)',
      },
    ],
    arguments: [
      { name: 'WORK_REQUEST_ID', summary: 'the work request id', integer: true },
      { name: 'DEBSIGN_ARGS', summary: 'arguments for debsign, after --', variadic: true, optional: true },
    ],
    examples: ['work-request sign 42 -- -k 0xKEYID'],
    legacy: ['provide-signature'],
    output: 'model',
    load: async () => (await import('./handlers/work-request-sign.js')).sign,
  },
  {
    path: ['work-request', 'watch'],
    summary: 'follow a work request until it completes; the exit code comes from its result',
    description:
      'Exit codes: 0 success or skipped, 10 failure, 11 error, 12 aborted, 13 --timeout expired, 130 interrupted.',
    options: [timeoutOption],
    arguments: [{ name: 'WORK_REQUEST_ID', summary: 'the work request id', integer: true }],
    examples: ['work-request watch 42', 'work-request watch 42 --timeout 600 --json'],
    python: false,
    output: 'model',
    load: workRequest('watch'),
  },
  {
    path: ['work-request', 'on-completed'],
    summary: 'run a command for each completed work request',
    description:
      'Runs COMMAND ARGS... ID RESULT in the current directory for each completion. Both --workspace=W CMD and --workspace W CMD work.',
    options: [
      { ...workspaceOption, multiple: 'greedy', summary: 'only work requests of these workspaces' },
      {
        name: 'last-completed-at',
        kind: 'string',
        valueName: 'FILE',
        complete: 'file',
        summary: 'state file: catch up on completions since the time it records',
      },
    ],
    arguments: [{ name: 'COMMAND', summary: 'the command to run, and its arguments', rest: true }],
    examples: ['work-request on-completed --workspace System ./notify.sh'],
    legacy: ['on-work-request-completed'],
    output: 'none',
    load: workRequest('onCompleted'),
  },
  {
    path: ['artifact', 'create'],
    summary: 'create an artifact and upload its files',
    options: [
      workspaceOption,
      dataOption(false),
      {
        name: 'upload',
        kind: 'string',
        multiple: 'greedy',
        valueName: 'FILE',
        complete: 'file',
        summary: 'files to add and upload',
      },
      {
        name: 'upload-base-directory',
        kind: 'string',
        valueName: 'DIR',
        complete: 'directory',
        summary: 'the files are named relative to this directory',
      },
      {
        name: 'expire-at',
        kind: 'string',
        valueName: 'ISO8601',
        summary: 'expiry date (sent as expire_at; ignored by 0.16.2 servers)',
      },
    ],
    arguments: [{ name: 'CATEGORY', summary: 'the artifact category, e.g. debian:source-package' }],
    examples: [
      'artifact create debian:source-package --data data.yaml --upload hello_1.0.dsc hello_1.0.tar.xz',
    ],
    legacy: ['create-artifact'],
    output: 'yaml',
    load: artifact('create'),
  },
  {
    path: ['artifact', 'show'],
    summary: 'show an artifact',
    options: [],
    arguments: [{ name: 'ID', summary: 'the artifact id', integer: true }],
    legacy: ['show-artifact'],
    output: 'yaml',
    load: artifact('show'),
  },
  {
    path: ['artifact', 'show-relations'],
    summary: 'show the relations of an artifact',
    options: [{ name: 'reverse', kind: 'boolean', summary: 'relations to the artifact instead of from it' }],
    arguments: [{ name: 'ID', summary: 'the artifact id', integer: true }],
    legacy: ['show-artifact-relations'],
    output: 'yaml',
    load: artifact('showRelations'),
  },
  {
    path: ['artifact', 'import-debian'],
    summary: 'import a .changes, .dsc or .deb (and what it lists) as artifacts',
    description:
      'A .changes becomes an upload artifact, plus its source package and binary packages, with extends and relates-to relations from the upload. Local paths and file:// URLs only.',
    options: [
      workspaceOption,
      {
        name: 'expire-at',
        kind: 'string',
        valueName: 'ISO8601',
        summary: 'expiry date (sent as expire_at; ignored by 0.16.2 servers)',
      },
    ],
    arguments: [
      { name: 'UPLOAD', summary: 'path to a .changes, .dsc, .deb, .ddeb or .udeb', complete: 'file' },
    ],
    examples: ['artifact import-debian hello_1.0-1.dsc', 'artifact import-debian hello_1.0-1_amd64.changes'],
    legacy: ['import-debian-artifact'],
    output: 'yaml',
    load: async () => (await import('./handlers/import-debian.js')).importDebian,
  },
  {
    path: ['artifact', 'download'],
    summary: 'download the files of an artifact',
    options: [
      {
        name: 'target-directory',
        kind: 'string',
        valueName: 'DIR',
        complete: 'directory',
        summary: 'where to write the files (default: the current directory)',
      },
      { name: 'tarball', kind: 'boolean', summary: 'download one .tar.gz instead of the files' },
    ],
    arguments: [{ name: 'ID', summary: 'the artifact id', integer: true }],
    examples: ['artifact download 42 --target-directory out/'],
    legacy: ['download-artifact'],
    output: 'none',
    load: artifact('download'),
  },
  {
    path: ['asset', 'create'],
    summary: 'create an asset',
    options: [workspaceOption, dataOption(true)],
    arguments: [{ name: 'CATEGORY', summary: 'the asset category, e.g. debusine:signing-key' }],
    legacy: ['create-asset'],
    output: 'yaml',
    load: asset('create'),
  },
  {
    path: ['asset', 'list'],
    summary: 'list assets (at least one filter)',
    options: [
      { name: 'id', kind: 'integer', valueName: 'ID', summary: 'the asset id' },
      { ...workspaceOption, summary: 'assets of this workspace' },
      {
        name: 'work-request',
        kind: 'integer',
        valueName: 'ID',
        summary: 'assets created by this work request',
      },
    ],
    arguments: [],
    legacy: ['list-assets'],
    output: 'yaml',
    load: asset('list'),
  },
  {
    path: ['task-config', 'pull'],
    summary: 'fetch a task configuration collection into a local repository',
    description:
      'A new checkout takes COLLECTION (default "default"); an existing one the workspace and collection of its MANIFEST. A git checkout with uncommitted changes is refused.',
    options: [workspaceOption, workdirOption],
    arguments: [{ name: 'COLLECTION', summary: 'the collection name (default "default")', optional: true }],
    examples: ['task-config pull --workdir config/'],
    legacy: ['task-config-pull'],
    output: 'none',
    load: taskConfig('pull'),
  },
  {
    path: ['task-config', 'push'],
    summary: "replace a task configuration collection's items with the local repository's",
    options: [
      workdirOption,
      { name: 'dry-run', short: 'n', kind: 'boolean', summary: 'only count what would change' },
      {
        name: 'force',
        short: 'f',
        kind: 'boolean',
        summary: 'push despite uncommitted changes or an unknown server commit',
      },
    ],
    arguments: [],
    examples: ['task-config push --workdir config/ --dry-run'],
    legacy: ['task-config-push'],
    output: 'none',
    load: taskConfig('push'),
  },
  {
    path: ['archive', 'suite', 'create'],
    summary: 'create a suite (a debian:suite collection)',
    options: [
      workspaceOption,
      {
        name: 'architecture',
        kind: 'string',
        multiple: 'append',
        valueName: 'ARCH',
        summary: 'an architecture (required, repeatable)',
      },
      {
        name: 'component',
        kind: 'string',
        multiple: 'append',
        valueName: 'COMPONENT',
        summary: 'a component (default main; repeatable)',
      },
      {
        name: 'base-workflow-template',
        kind: 'string',
        valueName: 'NAME',
        summary:
          'a debian_pipeline template (of the workspace or a parent) to base a publish-to-SUITE template on',
      },
    ],
    arguments: [{ name: 'SUITE', summary: 'the suite name' }],
    description:
      'With --base-workflow-template, the qa_suite and regression_tracking_qa_results parameters of the base template become the suite-targeting and suite-default-qa-results relations of the new suite, and a publish-to-SUITE template is created (suite set, enable_upload dropped, architectures_allowlist = the architectures with "all" first).',
    examples: [
      'archive suite create trixie --architecture amd64 --architecture arm64',
      'archive suite create trixie-proposed --architecture amd64 --base-workflow-template debian-pipeline',
    ],
    output: 'yaml',
    load: archive('suiteCreate'),
  },
  {
    path: ['archive', 'package', 'list'],
    summary: 'list the packages of a suite',
    options: [workspaceOption, suiteOption],
    arguments: [],
    output: 'model',
    load: archive('packageList'),
  },
  {
    path: ['archive', 'package', 'show'],
    summary: 'show a package of a suite',
    options: [workspaceOption, suiteOption],
    arguments: [{ name: 'ITEM_NAME', summary: 'NAME_VERSION (source) or NAME_VERSION_ARCH (binary)' }],
    output: 'model',
    load: archive('packageShow'),
  },
  {
    path: ['archive', 'package', 'remove'],
    summary: 'remove packages from a suite',
    options: [
      workspaceOption,
      suiteOption,
      { name: 'dry-run', kind: 'boolean', summary: 'only list what would be removed' },
      { name: 'package-version', kind: 'string', valueName: 'VERSION', summary: 'only this version' },
      { name: 'binary', kind: 'boolean', summary: 'binary packages instead of source packages' },
      {
        name: 'architecture',
        kind: 'string',
        valueName: 'ARCH',
        summary: 'only this architecture (with --binary)',
      },
    ],
    arguments: [{ name: 'PACKAGE', summary: 'package names', variadic: true }],
    output: 'none',
    load: archive('packageRemove'),
  },
  {
    path: ['archive', 'package', 'copy'],
    summary: 'copy a source package (and its binaries) between suites',
    description:
      'Starts a package_publish workflow without a template, which needs the owner role in the target workspace. --dry-run prints the task data instead.',
    options: [
      { name: 'dry-run', kind: 'boolean', summary: 'only print the workflow that would be started' },
      {
        name: 'from-workspace',
        kind: 'string',
        valueName: 'WORKSPACE',
        summary: "copy from this workspace (default: the server section's default-workspace)",
      },
      { name: 'from-suite', kind: 'string', valueName: 'SUITE', summary: 'copy from this suite (required)' },
      {
        name: 'to-workspace',
        kind: 'string',
        valueName: 'WORKSPACE',
        summary: 'copy to this workspace (default: the one of --from-workspace)',
      },
      { name: 'to-suite', kind: 'string', valueName: 'SUITE', summary: 'copy to this suite (required)' },
      {
        name: 'source-version',
        kind: 'string',
        valueName: 'VERSION',
        summary: 'the source version to copy (default: the current one)',
      },
      { name: 'include-binaries', kind: 'boolean', summary: 'copy the related binary packages too' },
      { name: 'component', kind: 'string', valueName: 'COMPONENT', summary: 'publish with this component' },
      { name: 'section', kind: 'string', valueName: 'SECTION', summary: 'publish with this section' },
      {
        name: 'priority',
        kind: 'string',
        valueName: 'PRIORITY',
        summary: 'publish with this priority (binary packages only)',
      },
      { name: 'move', kind: 'boolean', summary: 'remove the packages from the source suite afterwards' },
      {
        name: 'unembargo',
        kind: 'boolean',
        summary: 'allow copying from a private workspace to a public one',
      },
    ],
    arguments: [{ name: 'SOURCE', summary: 'the source package name' }],
    examples: ['archive package copy --from-suite sid --to-suite trixie hello --include-binaries --dry-run'],
    output: 'model',
    load: archive('packageCopy'),
  },
  {
    path: ['archive', 'token', 'grant'],
    summary: 'grant a role on the archive (or a suite) to an external-user token',
    description:
      'Give --token HASH (an existing external-user token) or --external-username (a new token is minted; its key is shown only once). User tokens cannot be granted roles.',
    options: [
      workspaceOption,
      archiveSuiteOption,
      { name: 'token', kind: 'string', valueName: 'HASH', summary: 'the hash of an existing token' },
      {
        name: 'external-username',
        kind: 'string',
        valueName: 'USERNAME',
        summary: 'an external username to mint a new token for',
      },
      {
        name: 'comment',
        kind: 'string',
        valueName: 'COMMENT',
        summary: 'a comment (at most 100 characters)',
      },
    ],
    arguments: [{ name: 'ROLE', summary: 'the role to grant: viewer' }],
    examples: ['archive token grant --external-username ci-bot --comment "CI mirror" viewer'],
    output: 'model',
    load: archive('tokenGrant'),
  },
  {
    path: ['archive', 'token', 'list'],
    summary: 'list the tokens granted roles on the archive (or a suite)',
    options: [workspaceOption, archiveSuiteOption],
    arguments: [],
    output: 'model',
    load: archive('tokenList'),
  },
  {
    path: ['archive', 'token', 'revoke'],
    summary: "revoke a token's role on the archive (or a suite)",
    options: [workspaceOption, archiveSuiteOption],
    arguments: [
      { name: 'HASH', summary: 'the hash of the token' },
      { name: 'ROLE', summary: 'the role to revoke: viewer' },
    ],
    output: 'none',
    load: archive('tokenRevoke'),
  },
  {
    path: ['completion'],
    summary: 'print a shell completion script',
    options: [],
    arguments: [{ name: 'SHELL', summary: 'bash, zsh or fish' }],
    examples: ['completion bash > ~/.local/share/bash-completion/completions/debusine-ts'],
    python: false,
    offline: true,
    output: 'none',
    load: misc('completion'),
  },
]

/** The command named by the first words of `words`, by its path or a legacy name. */
export function findCommand(
  words: readonly string[],
): { command: CommandSpec; consumed: number; legacy?: string } | undefined {
  let best: CommandSpec | undefined
  for (const command of commands) {
    if (command.path.every((word, index) => words[index] === word)) {
      if (best === undefined || command.path.length > best.path.length) best = command
    }
  }
  if (best !== undefined) return { command: best, consumed: best.path.length }
  const legacy = commands.find((command) => command.legacy?.includes(words[0] ?? '') === true)
  return legacy === undefined ? undefined : { command: legacy, consumed: 1, legacy: words[0] }
}

/** The longest prefix of `words` that names a group of commands (e.g. `collection relation`). */
export function groupsOf(words: readonly string[]): string[] | undefined {
  let groups: string[] | undefined
  for (let length = 1; length <= words.length; length += 1) {
    const prefix = words.slice(0, length)
    const isGroup = commands.some(
      (command) =>
        command.path.length > length && prefix.every((word, index) => command.path[index] === word),
    )
    if (!isGroup) break
    groups = prefix
  }
  return groups
}
