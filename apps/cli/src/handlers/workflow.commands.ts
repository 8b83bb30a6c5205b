import {
  type CommandSpec,
  requiredDataOption,
  timeoutOption,
  waitOption,
  workspaceOption,
} from '@debusine-ts/cli-kit'
import { integer, text } from './option-specs.js'
import { limitOption } from './work-request.commands.js'

const workflowId = { name: 'WORKFLOW_ID', summary: 'the workflow id', kind: 'integer' } as const

/** The `workflow` commands. */
export const workflowCommands = {
  list: {
    path: ['workflow', 'list'],
    summary: 'list root workflows, newest first',
    options: { limit: limitOption },
  },
  start: {
    path: ['workflow', 'start'],
    summary: 'start a workflow from a template',
    options: {
      workspace: workspaceOption,
      data: requiredDataOption,
      noTemplate: {
        kind: 'flag',
        summary: 'NAME is a workflow task name, not a template (workspace owners only)',
      },
      wait: waitOption,
      timeout: timeoutOption,
    },
    arguments: { name: { name: 'NAME', summary: 'the template name' } },
    examples: ['workflow start my-noop --data /dev/null --wait'],
    legacy: ['create-workflow'],
  },
  failures: {
    path: ['workflow', 'failures'],
    summary: 'name the failed leaves of a workflow: task, class (build or qa), page and log tail',
    description:
      'A leaf is qa when it sits under a qa sub-workflow or its task is lintian, autopkgtest, piuparts, blhc or reverse-depends; any other failure is build. Exit 0, with a line saying so, when no leaf failed.',
    options: { lines: { ...integer('N', 'how many lines of each log to show'), default: 20 } },
    arguments: { id: workflowId },
    examples: ['workflow failures 42', 'workflow failures 42 --lines 50 --json'],
    python: false,
  },
  retry: {
    path: ['workflow', 'retry'],
    summary: 'retry the failed or aborted leaves of a workflow, and say which',
    description: 'Exit 3 and nothing retried when no leaf failed or was aborted.',
    options: { failed: { kind: 'flag', summary: 'retry only the failed or aborted leaves (required)' } },
    arguments: { id: workflowId },
    examples: ['workflow retry 42 --failed'],
    python: false,
  },
  download: {
    path: ['workflow', 'download'],
    summary: 'download the outputs of a workflow, filtered by category, architecture and package',
    description:
      'Each artifact the leaves produced that matches every filter given, verified as artifact download does, a few at a time. Exit 3 naming the filter when one matches nothing.',
    options: {
      category: text('CATEGORY', 'only artifacts of this category, e.g. debian:binary-package'),
      architecture: text('ARCH', 'only artifacts of this architecture, e.g. amd64 or all'),
      package: text('GLOB', "only packages whose name matches this glob, e.g. 'hello*'"),
      targetDirectory: {
        ...text('DIR', 'where to write the files (default: the current directory)'),
        complete: 'directory',
      },
    },
    arguments: { id: workflowId },
    examples: [
      "workflow download 42 --category debian:binary-package --architecture all --package 'hello*' --target-directory out/",
    ],
    python: false,
  },
  watch: {
    path: ['workflow', 'watch'],
    summary: 'follow workflows and their trees until they end; the exit code comes from their results',
    description:
      'Prints one line per change of a work request of the trees (polled every few seconds), then each failed leaf with its class and how each workflow ended. Exit codes as work-request watch (10 failure, 11 error, 12 aborted, 13 --timeout expired): the first of the ids that did not succeed. With --fail-on build, a workflow whose failed leaves are all qa exits 0 and they are printed as warnings.',
    options: {
      timeout: timeoutOption,
      failFast: { kind: 'flag', summary: 'stop at the first workflow that ends without success' },
      failOn: {
        ...text('build|any', 'any: every failure fails (default); build: qa-only failures are warnings'),
        choices: ['build', 'any'],
        default: 'any',
      },
    },
    arguments: { ids: { name: 'WORKFLOW_ID', summary: 'the workflow ids', kind: 'integer', nargs: '+' } },
    examples: ['workflow watch 42 --fail-on build', 'workflow watch 42 43 --timeout 3600 --fail-fast'],
    python: false,
  },
} as const satisfies Record<string, CommandSpec>
