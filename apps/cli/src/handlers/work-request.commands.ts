import {
  type CommandSpec,
  requiredDataOption,
  timeoutOption,
  waitOption,
  workspaceOption,
} from '@debusine-ts/cli-kit'
import { integer, text } from './option-specs.js'

const workRequestId = { name: 'WORK_REQUEST_ID', summary: 'the work request id', kind: 'integer' } as const
/** `--limit N`, of the commands that list work requests. */
export const limitOption = { ...integer('N', 'how many to show'), default: 20 } as const

/** The `work-request` commands. */
export const workRequestCommands = {
  list: {
    path: ['work-request', 'list'],
    summary: 'list the most recent work requests',
    options: {
      workspace: { ...workspaceOption, summary: 'accepted for compatibility; not used' },
      limit: limitOption,
    },
    legacy: ['list-work-requests'],
  },
  show: {
    path: ['work-request', 'show'],
    summary: 'show a work request and the artifacts it produced',
    arguments: { id: workRequestId },
    examples: ['work-request show 42', 'work-request show 42 --yaml'],
    legacy: ['show-work-request'],
  },
  create: {
    path: ['work-request', 'create'],
    summary: 'create a work request',
    options: {
      workspace: workspaceOption,
      data: requiredDataOption,
      eventReactions: { ...text('FILE', 'YAML file with the event reactions'), complete: 'file' },
      wait: waitOption,
      timeout: timeoutOption,
    },
    arguments: { taskName: { name: 'TASK_NAME', summary: 'the task, e.g. noop' } },
    examples: ["work-request create noop --data - --wait <<< 'result: success'"],
    legacy: ['create-work-request'],
  },
  manage: {
    path: ['work-request', 'manage'],
    summary: 'change a work request',
    options: {
      setPriorityAdjustment: integer(
        'N',
        'the priority adjustment (positive needs the manage_priority permission)',
      ),
    },
    arguments: { id: workRequestId },
    legacy: ['manage-work-request'],
    output: 'none',
  },
  retry: {
    path: ['work-request', 'retry'],
    summary: 'retry an aborted or failed work request',
    arguments: { id: workRequestId },
    legacy: ['retry-work-request'],
    output: 'none',
  },
  abort: {
    path: ['work-request', 'abort'],
    summary: 'abort a work request',
    arguments: { id: workRequestId },
    legacy: ['abort-work-request'],
    output: 'none',
  },
  unblock: {
    path: ['work-request', 'unblock'],
    summary: 'review a work request blocked for a manual review: accept it, reject it, or add notes',
    description: 'Accepting lets the blocked step run; rejecting aborts it. Prints the work request.',
    options: {
      accept: { kind: 'flag', python: false, summary: 'let it run' },
      reject: { kind: 'flag', python: false, summary: 'abort it' },
      notes: { ...text('TEXT', 'notes for the record'), python: false },
    },
    arguments: { id: workRequestId },
    examples: ['work-request unblock 42 --accept --notes "Reviewed"'],
    python: false,
  },
  confirm: {
    path: ['work-request', 'confirm'],
    summary: 'answer a Wait/confirm task: confirm it (the workflow goes on) or deny it',
    options: {
      deny: { kind: 'flag', python: false, summary: 'deny instead of confirm (the workflow is aborted)' },
      comment: { ...text('TEXT', 'a comment for the record'), python: false },
    },
    arguments: { id: workRequestId },
    examples: ['work-request confirm 42 --comment "Ship it"'],
    python: false,
  },
  sign: {
    path: ['work-request', 'sign'],
    summary: 'sign the upload a Wait/externaldebsign work request waits for, and complete it',
    description:
      'Downloads the unsigned upload (or copies it from the directory of --local-file, checking each file), runs debsign --re-sign on its .changes with DEBSIGN_ARGS, uploads the signed upload and completes the work request with it.',
    options: {
      localFile: {
        ...text('CHANGES', 'a local copy of the unsigned .changes (its directory holds the other files)'),
        short: 'l',
        complete: 'file',
      },
    },
    arguments: {
      id: workRequestId,
      debsignArguments: { name: 'DEBSIGN_ARGS', summary: 'arguments for debsign, after --', nargs: '*' },
    },
    examples: ['work-request sign 42 -- -k 0xKEYID'],
    legacy: ['provide-signature'],
  },
  watch: {
    path: ['work-request', 'watch'],
    summary: 'follow a work request until it completes; the exit code comes from its result',
    description:
      'Exit codes: 0 success or skipped, 10 failure, 11 error, 12 aborted, 13 --timeout expired, 130 interrupted.',
    options: { timeout: timeoutOption },
    arguments: { id: workRequestId },
    examples: ['work-request watch 42', 'work-request watch 42 --timeout 600 --json'],
    python: false,
  },
  onCompleted: {
    path: ['work-request', 'on-completed'],
    summary: 'run a command for each completed work request',
    description:
      'Runs COMMAND ARGS... ID RESULT in the current directory for each completion. As in the Python CLI, --workspace takes every word after it: end its list with another option or --, e.g. --workspace W -- CMD.',
    options: {
      workspace: { ...workspaceOption, nargs: '+', summary: 'only work requests of these workspaces' },
      lastCompletedAt: {
        ...text('FILE', 'state file: catch up on completions since the time it records'),
        complete: 'file',
      },
    },
    arguments: {
      command: { name: 'COMMAND', summary: 'the command to run' },
      commandArguments: { name: 'ARGS', summary: 'its first arguments', nargs: '*' },
    },
    examples: ['work-request on-completed ./notify.sh --workspace System'],
    legacy: ['on-work-request-completed'],
    output: 'none',
  },
} as const satisfies Record<string, CommandSpec>
