import { join } from 'node:path'
import { uniqueName } from '../../../../tooling/vitest/real-server.js'
import type { Comparison, RunSettings } from './harness.js'

/** One command line run through both CLIs. */
export interface Case extends RunSettings, Comparison {
  readonly name: string
  readonly argv: readonly string[]
  /** Which config file goes first: the test user's (default), norole's, or none. */
  readonly config?: 'default' | 'norole' | 'none'
}

/** What the cases refer to: objects the test created on the server, and its files. */
export interface CaseContext {
  readonly workRequest: string
  readonly artifact: string
  readonly workspace: string
  readonly directory: string
}

/** Shows, lists and lookups, in several option orders. */
export function readingCases(ctx: CaseContext): Case[] {
  return [
    { name: 'work-request show', argv: ['work-request', 'show', '--yaml', ctx.workRequest] },
    { name: 'work-request show, option last', argv: ['work-request', 'show', ctx.workRequest, '--yaml'] },
    { name: 'legacy show-work-request', argv: ['show-work-request', ctx.workRequest, '--yaml'] },
    { name: 'artifact show', argv: ['artifact', 'show', ctx.artifact] },
    { name: 'artifact show-relations', argv: ['artifact', 'show-relations', ctx.artifact] },
    {
      name: 'artifact show-relations --reverse',
      argv: ['artifact', 'show-relations', '--reverse', ctx.artifact],
    },
    { name: 'collection list', argv: ['collection', 'list', '--yaml'] },
    { name: 'collection show', argv: ['collection', 'show', 'debian:suite', 'a', '--yaml'] },
    { name: 'collection show NAME@CATEGORY', argv: ['collection', 'show', '--yaml', 'a@debian:suite'] },
    { name: 'workspace inheritance', argv: ['workspace', 'inheritance'] },
    { name: 'workspace inheritance -w', argv: ['workspace', 'inheritance', '-w', ctx.workspace] },
    { name: 'workflow-template list', argv: ['workflow-template', 'list', '--yaml'] },
    {
      name: 'lookup-single',
      argv: ['collection', 'lookup-single', 'a@debian:suite', '--expect-type', 'collection', '--yaml'],
    },
    {
      name: 'lookup-multiple',
      argv: ['collection', 'lookup-multiple', '--yaml', 'a@debian:suite', 'b@debian:suite'],
    },
    { name: 'relation list', argv: ['collection', 'relation', 'list', '--yaml'] },
    { name: 'asset list -w', argv: ['asset', 'list', '--workspace', ctx.workspace] },
    { name: 'archive package list', argv: ['archive', 'package', 'list', '--suite', 'a', '--yaml'] },
  ]
}

/** Not found, bad values, missing files, permissions, config problems and preconditions. */
export function errorCases(ctx: CaseContext): Case[] {
  return [
    { name: 'unknown work request', argv: ['work-request', 'show', '999999999'] },
    { name: 'unknown artifact', argv: ['artifact', 'show', '999999999'] },
    { name: 'unknown collection', argv: ['collection', 'show', 'debian:suite', 'nonexistent'] },
    { name: 'delete unknown collection', argv: ['collection', 'delete', 'nonexistent@debian:suite'] },
    { name: 'unknown template', argv: ['workflow-template', 'show', 'nonexistent'] },
    {
      name: 'unknown workspace',
      argv: ['workspace', 'inheritance', '--workspace', 'nonexistent'],
      stdout: 'ignore',
    },
    {
      name: 'lookup without match',
      argv: ['collection', 'lookup-single', 'nonexistent@debian:suite'],
      stdout: 'ignore',
    },
    { name: 'bad id', argv: ['work-request', 'show', 'x'], phrase: /invalid int value: 'x'/ },
    {
      name: 'bad artifact category',
      argv: ['artifact', 'create', 'no:such'],
      phrase: /invalid choice: 'no:such'/,
    },
    {
      name: 'bad relation type',
      argv: ['collection', 'relation', 'edit', 'a@debian:suite', 'bogus'],
      phrase: /invalid choice: 'bogus'/,
    },
    {
      name: 'bad expect type',
      argv: ['collection', 'lookup-single', '--expect-type', 'bogus', 'x'],
      phrase: /invalid/,
    },
    { name: 'bad asset category', argv: ['asset', 'create', 'bogus'], phrase: /invalid/ },
    {
      name: 'bad date',
      argv: ['artifact', 'create', 'debusine:test', '--expire-at', 'bogus'],
      phrase: /invalid isoparse value/,
    },
    {
      name: 'missing --data file',
      argv: ['work-request', 'create', 'noop', '--data', join(ctx.directory, 'nonexistent')],
    },
    {
      name: 'missing --event-reactions file',
      argv: [
        'work-request',
        'create',
        'noop',
        '--data',
        join(ctx.directory, 'ok.yaml'),
        '--event-reactions',
        join(ctx.directory, 'nonexistent'),
      ],
    },
    {
      // Both CLIs run as root, which reads any file: a directory is the file neither can read.
      name: 'unreadable --data file (a directory)',
      argv: ['work-request', 'create', 'noop', '--data', join(ctx.directory, 'empty')],
    },
    {
      name: 'unreadable --upload file (a directory)',
      argv: ['artifact', 'create', 'debusine:test', '--upload', join(ctx.directory, 'empty')],
    },
    {
      name: 'empty --data file',
      argv: ['work-request', 'create', 'noop', '--data', join(ctx.directory, 'empty.yaml')],
      phrase: /data must be a dictionary. It is empty/,
    },
    {
      name: 'list --data file',
      argv: ['work-request', 'create', 'noop', '--data', join(ctx.directory, 'list.yaml')],
      phrase: /data must be a dictionary. It is: list/,
    },
    {
      name: 'template with an unknown key',
      argv: [
        'workflow-template',
        'create',
        'noop',
        uniqueName('t'),
        '--data',
        join(ctx.directory, 'template.yaml'),
      ],
      phrase: /Expecting only 4 keys/,
    },
    {
      name: 'missing directory',
      argv: ['artifact', 'download', ctx.artifact, '--target-directory', join(ctx.directory, 'nonexistent')],
      phrase: /Cannot write to/,
    },
    {
      // Immutable (chattr +i): not writable even by root, inside the Python CLI's chroot too.
      name: 'unwritable directory',
      argv: ['artifact', 'download', ctx.artifact, '--target-directory', join(ctx.directory, 'immutable')],
      phrase: /Cannot write to/,
    },
    {
      name: 'unsupported import',
      argv: ['artifact', 'import-debian', join(ctx.directory, 'file.txt')],
      phrase: /is not supported/,
      stdout: 'ignore',
    },
    {
      name: 'nothing to change',
      argv: ['work-request', 'manage', ctx.workRequest],
      phrase: /no changes specified/,
    },
    {
      name: 'non-executable command',
      argv: ['work-request', 'on-completed', join(ctx.directory, 'not-executable')],
      phrase: /does not exist or is not executable/,
    },
    {
      name: 'not a checkout',
      argv: ['task-config', 'push', '--workdir', join(ctx.directory, 'empty')],
      phrase: /is not a repository/,
    },
    { name: 'asset list without a filter', argv: ['asset', 'list'], phrase: /At least one of/ },
    {
      name: 'permission denied',
      argv: ['work-request', 'create', 'noop', '--data', join(ctx.directory, 'ok.yaml')],
      config: 'norole',
      phrase: /norole cannot create work requests/,
    },
    {
      name: 'permission denied (collection)',
      argv: ['collection', 'create', 'debian:suite', 'x', '--data', join(ctx.directory, 'ok.yaml')],
      config: 'norole',
      phrase: /norole cannot create collections/,
    },
    {
      name: 'missing config file',
      argv: ['--config-file', join(ctx.directory, 'nonexistent.ini'), 'collection', 'list'],
      config: 'none',
      phrase: /Cannot read/,
    },
    {
      name: 'unknown server',
      argv: ['--server', 'nosuch', 'collection', 'list'],
      phrase: /No Debusine client configuration for 'nosuch'/,
    },
  ]
}

/** The command lines of the writing comparisons (files on disk, objects on the server). */
export function writingCommandLines(ctx: CaseContext): string[][] {
  return [
    ['artifact', 'download', ctx.artifact, '--target-directory', ctx.directory],
    ['work-request', 'create', 'noop', '--yaml', '--data', '-'],
  ]
}
