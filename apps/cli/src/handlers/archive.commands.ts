import { type CommandSpec, workspaceOption } from '@debusine-ts/cli-kit'
import { integer, text } from './option-specs.js'

const suite = { ...text('SUITE', 'the suite'), required: true } as const
const archiveSuite = text('SUITE', 'this suite only, instead of the whole archive')
const role = { name: 'ROLE', summary: 'the role: viewer', choices: ['viewer'] } as const

/** Where the workspace's apt repository is: the archive host, and how to reach it. */
const repository = {
  archiveUrl: {
    ...text(
      'URL',
      "the archive's base URL, the server's archive host name (e.g. https://deb.debusine.debian.net)",
    ),
    required: true,
  },
  connectTo: text('ADDRESS', "connect to this address instead of resolving the archive's host name"),
  login: text('USER', 'read a private workspace as USER, with the configured token'),
} as const

/** The architectures whose indexes `archive wait` and `archive package published` read. */
const indexArchitecture = {
  ...text('ARCH', "an architecture (repeatable; default the suite's but all)"),
  append: true,
} as const

/** The `archive` commands (porcelain over `debian:archive` and `debian:suite` collections). */
export const archiveCommands = {
  suiteCreate: {
    path: ['archive', 'suite', 'create'],
    summary: 'create a suite (a debian:suite collection)',
    description:
      'With --base-workflow-template, the qa_suite and regression_tracking_qa_results parameters of the base template become the suite-targeting and suite-default-qa-results relations of the new suite, and a publish-to-SUITE template is created (suite set, enable_upload dropped, architectures_allowlist = the architectures with "all" first).',
    options: {
      workspace: workspaceOption,
      component: { ...text('COMPONENT', 'a component (default main; repeatable)'), append: true },
      architecture: { ...text('ARCH', 'an architecture (repeatable)'), append: true, required: true },
      baseWorkflowTemplate: text(
        'NAME',
        'a debian_pipeline template (of the workspace or a parent) to base a publish-to-SUITE template on',
      ),
    },
    arguments: { suite: { name: 'SUITE', summary: 'the suite name' } },
    examples: [
      'archive suite create trixie --architecture amd64 --architecture arm64',
      'archive suite create trixie-proposed --architecture amd64 --base-workflow-template debian-pipeline',
    ],
    output: 'yaml',
  },
  suiteEnsure: {
    path: ['archive', 'suite', 'ensure'],
    summary: '**new**: create a suite, or add the components and architectures it lacks',
    description:
      'Idempotent: prints change created, updated (with what was added) or unchanged; a second run with the same options is unchanged.',
    python: false,
    options: {
      workspace: workspaceOption,
      component: {
        ...text('COMPONENT', 'a component it must have (default main; repeatable)'),
        append: true,
      },
      architecture: {
        ...text('ARCH', 'an architecture it must have (repeatable)'),
        append: true,
        required: true,
      },
    },
    arguments: { suite: { name: 'SUITE', summary: 'the suite name' } },
    examples: ['archive suite ensure proposed --architecture amd64 --architecture arm64'],
    output: 'yaml',
  },
  packageList: {
    path: ['archive', 'package', 'list'],
    summary: 'list the packages of a suite',
    options: { workspace: workspaceOption, suite },
  },
  packageShow: {
    path: ['archive', 'package', 'show'],
    summary: 'show a package of a suite',
    options: { workspace: workspaceOption, suite },
    arguments: {
      name: { name: 'ITEM_NAME', summary: 'NAME_VERSION (source) or NAME_VERSION_ARCH (binary)' },
    },
  },
  packageRemove: {
    path: ['archive', 'package', 'remove'],
    summary: 'remove packages from a suite',
    options: {
      workspace: workspaceOption,
      suite,
      dryRun: { kind: 'flag', summary: 'only list what would be removed' },
      packageVersion: text('VERSION', 'only this version'),
      binary: { kind: 'flag', summary: 'binary packages instead of source packages' },
      architecture: text('ARCH', 'only this architecture (with --binary)'),
    },
    arguments: { packages: { name: 'PACKAGE', summary: 'package names', nargs: '+' } },
    output: 'none',
  },
  packageCopy: {
    path: ['archive', 'package', 'copy'],
    summary: 'copy a source package (and its binaries) between suites',
    description:
      'Starts a package_publish workflow without a template, which needs the owner role in the target workspace. --dry-run prints the task data instead.',
    options: {
      dryRun: { kind: 'flag', summary: 'only print the workflow that would be started' },
      fromWorkspace: text(
        'WORKSPACE',
        "copy from this workspace (default: the server section's default-workspace)",
      ),
      fromSuite: { ...text('SUITE', 'copy from this suite'), required: true },
      toWorkspace: text('WORKSPACE', 'copy to this workspace (default: the one of --from-workspace)'),
      toSuite: { ...text('SUITE', 'copy to this suite'), required: true },
      sourceVersion: text('VERSION', 'the source version to copy (default: the current one)'),
      includeBinaries: { kind: 'flag', summary: 'copy the related binary packages too' },
      component: text('COMPONENT', 'publish with this component'),
      section: text('SECTION', 'publish with this section'),
      priority: text('PRIORITY', 'publish with this priority (binary packages only)'),
      move: { kind: 'flag', summary: 'remove the packages from the source suite afterwards' },
      unembargo: { kind: 'flag', summary: 'allow copying from a private workspace to a public one' },
    },
    arguments: { source: { name: 'SOURCE', summary: 'the source package name' } },
    examples: ['archive package copy --from-suite sid --to-suite trixie hello --include-binaries --dry-run'],
  },
  tokenGrant: {
    path: ['archive', 'token', 'grant'],
    summary: 'grant a role on the archive (or a suite) to an external-user token',
    description:
      'Give --token HASH (an existing external-user token) or --external-username (a new token is minted; its key is shown only once). User tokens cannot be granted roles.',
    options: {
      workspace: workspaceOption,
      suite: archiveSuite,
      token: text('HASH', 'the hash of an existing token'),
      externalUsername: text('USERNAME', 'an external username to mint a new token for'),
      comment: { ...text('COMMENT', 'a comment (at most 100 characters)'), default: '' },
    },
    arguments: { role },
    examples: ['archive token grant --external-username ci-bot --comment "CI mirror" viewer'],
  },
  tokenList: {
    path: ['archive', 'token', 'list'],
    summary: 'list the tokens granted roles on the archive (or a suite)',
    options: { workspace: workspaceOption, suite: archiveSuite },
  },
  tokenRevoke: {
    path: ['archive', 'token', 'revoke'],
    summary: "revoke a token's role on the archive (or a suite)",
    options: { workspace: workspaceOption, suite: archiveSuite },
    arguments: { hash: { name: 'HASH', summary: 'the hash of the token' }, role },
    output: 'none',
  },
  key: {
    path: ['archive', 'key'],
    summary: "**new**: print the workspace's archive key (armored)",
    description:
      'Retries an empty key block (a fresh workspace) with backoff up to --deadline seconds (default 120), then exits 3 naming the URL. --json adds the fingerprints.',
    python: false,
    options: {
      workspace: workspaceOption,
      ...repository,
      deadline: integer('SECONDS', 'how long to retry an empty key block (default 120)'),
    },
    examples: ['archive key --archive-url https://deb.example.org > /etc/apt/keyrings/debusine.asc'],
  },
  sources: {
    path: ['archive', 'sources'],
    summary: '**new**: print apt sources (deb822, the key inline) for suites of the workspace',
    description:
      'The deb822 text is pasteable as is into /etc/apt/sources.list.d/NAME.sources. --one-line prints the .list form instead (its key goes to --key-file). With --login, --auth-conf prints the /etc/apt/auth.conf.d stanza (it holds the token: a warning on stderr says so).',
    python: false,
    options: {
      workspace: workspaceOption,
      ...repository,
      suite: { ...text('SUITE', 'a suite (repeatable)'), append: true, required: true },
      component: { ...text('COMPONENT', "a component (repeatable; default the suite's)"), append: true },
      architecture: { ...text('ARCH', 'restrict apt to this architecture (repeatable)'), append: true },
      keyFile: text(
        'PATH',
        'where the one-line form expects the key (default /etc/apt/keyrings/debusine-WORKSPACE.asc)',
      ),
      oneLine: { kind: 'flag', summary: 'print the one-line .list form' },
      authConf: { kind: 'flag', summary: 'print the auth.conf.d stanza (with --login)' },
    },
    examples: [
      'archive sources --archive-url https://deb.example.org --suite dts > /etc/apt/sources.list.d/dts.sources',
    ],
  },
  wait: {
    path: ['archive', 'wait'],
    summary: '**new**: wait until the suite lists a version for every architecture',
    description:
      'Reads InRelease and the Packages indexes without caches; InRelease is checked with gpgv when it is installed. Exit codes: 0 visible, 13 --timeout expired.',
    python: false,
    options: {
      workspace: workspaceOption,
      ...repository,
      suite,
      architecture: indexArchitecture,
      timeout: integer('SECONDS', 'give up after this many seconds (exit 13; default 600)'),
    },
    arguments: {
      source: { name: 'SOURCE', summary: 'the source package (or a binary package)' },
      version: { name: 'VERSION', summary: 'its version' },
    },
    examples: ['archive wait --archive-url https://deb.example.org --suite dts hello 1.0-1 --timeout 300'],
  },
  packagePublished: {
    path: ['archive', 'package', 'published'],
    summary: "**new**: whether the suite's index lists a version (exit 0 yes, 1 no)",
    python: false,
    options: {
      workspace: workspaceOption,
      ...repository,
      suite,
      architecture: indexArchitecture,
    },
    arguments: {
      source: { name: 'SOURCE', summary: 'the source package (or a binary package)' },
      version: { name: 'VERSION', summary: 'its version' },
    },
  },
} as const satisfies Record<string, CommandSpec>
