import { Readable } from 'node:stream'
import {
  NotFoundError,
  ConnectionError,
  BadRequestError,
  PermissionDeniedError,
} from '@debusine-ts/transport'
import { ValidationError } from '@debusine-ts/models'
import { ActionOutcomeUnknownError, ClientConfigError, CreateOutcomeUnknownError } from '@debusine-ts/client'
import { describe, expect, it } from 'vitest'
import { CliError } from './cli-error.js'
import type { OutputFormat } from './command-context.js'
import { reportError } from './error-report.js'
import { UsageError } from './usage-error.js'

async function report(error: unknown, format: OutputFormat = 'human', interrupted = false) {
  let stdout = ''
  let stderr = ''
  const code = await reportError(error, {
    programName: 'debusine-ts',
    io: {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      stdin: Readable.from(['']),
      env: {},
      cwd: '/',
    },
    format,
    debug: false,
    interrupted,
  })
  return { code, stdout, stderr }
}

const notFound = new NotFoundError({
  status: 404,
  method: 'GET',
  url: 'http://h/api/1.0/work-request/9/',
  title: 'Error',
  detail: 'No WorkRequest matches the given query.',
})

describe('reportError: the one place mapping errors to exit codes', () => {
  it('usage errors: 2', async () => {
    const result = await report(new UsageError('bad'))
    expect(result).toMatchObject({ code: 2, stdout: '' })
    expect(result.stderr).toContain('debusine-ts: error: bad')
  })

  it('a create whose outcome is unknown: 4, saying what to check', async () => {
    const error = new CreateOutcomeUnknownError({
      what: 'work request',
      startedAt: '2026-01-01T00:00:00Z',
      check: 'debusine-ts work-request list',
      reason: 'connection reset',
      cause: new Error('reset'),
    })
    const result = await report(error, 'json')
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(/may or may not have created the work request/)
    expect(JSON.parse(result.stdout)).toMatchObject({ result: 'failure' })
  })

  it('an action whose outcome is unknown: 4 too, saying what to check', async () => {
    const error = new ActionOutcomeUnknownError({
      what: 'review of work request 42',
      startedAt: '2026-01-01T00:00:00Z',
      check: '`debusine-ts work-request show 42`',
      reason: 'connection reset',
      why: 'it is aborted and records no such review since the call began',
      cause: new Error('reset'),
    })
    const result = await report(error, 'json')
    expect(result.code).toBe(4)
    expect(result.stderr).toMatch(
      /review of work request 42 was lost .* does not tell whether it was applied/,
    )
    expect(JSON.parse(result.stdout)).toMatchObject({ result: 'failure' })
  })

  it('user errors: their code (3) with message and hint', async () => {
    const result = await report(new CliError('no config', { hint: 'run setup' }))
    expect(result.code).toBe(3)
    expect(result.stderr).toBe('Error: no config\nrun setup\n')
  })

  it('config file errors: 3, with the message naming the file and the hint', async () => {
    const error = new ClientConfigError('Cannot read /x/config.ini .', {
      file: '/x/config.ini',
      hint: 'Run setup.',
    })
    const result = await report(error, 'yaml')
    expect(result.code).toBe(3)
    expect(result.stdout).toContain('title: Cannot read /x/config.ini .')
    expect(result.stderr).toBe('Error: Cannot read /x/config.ini .\nRun setup.\n')
  })

  it('server errors: 3; with --yaml the failure document on stdout, with --json JSON', async () => {
    expect((await report(notFound)).stderr).toContain(
      'Error (404): Error\nNo WorkRequest matches the given query.',
    )
    const yaml = await report(notFound, 'yaml')
    expect(yaml.code).toBe(3)
    expect(yaml.stdout).toBe(
      'result: failure\nerror:\n  title: Error\n  detail: No WorkRequest matches the given query.\n  status_code: 404\n',
    )
    const json = await report(
      new BadRequestError({
        status: 400,
        method: 'POST',
        url: 'u',
        title: 'Cannot deserialize work request',
        validationErrors: { task_name: ['bad'] },
      }),
      'json',
    )
    expect(JSON.parse(json.stdout)).toEqual({
      result: 'failure',
      error: {
        title: 'Cannot deserialize work request',
        validation_errors: { task_name: ['bad'] },
        status_code: 400,
      },
    })
  })

  it("server refusals the client explains print the client's hint, not the generic one", async () => {
    const refused = new PermissionDeniedError({
      status: 403,
      method: 'POST',
      url: 'http://h/api/1.0/open-metrics/emit/',
      title: 'Error',
      detail: 'You do not have permission to perform this action.',
      hint: 'Only Celery or scheduler workers may emit metrics.',
    })
    const result = await report(refused)
    expect(result.code).toBe(3)
    expect(result.stderr).toContain('Hint: Only Celery or scheduler workers may emit metrics.\n')
    expect(result.stderr).not.toContain('check the token of this server')
  })

  it('connection errors and local validation errors: 3', async () => {
    const connection = await report(
      new ConnectionError({
        method: 'GET',
        url: 'http://h/api',
        reason: 'connection refused',
        requestSent: false,
      }),
    )
    expect(connection.code).toBe(3)
    expect(connection.stderr).toMatch(/Error connecting to debusine/)
    const validation = await report(
      new ValidationError('X', [{ path: 'a', rule: 'required', message: 'missing' }]),
    )
    expect(validation.code).toBe(3)
  })

  it('anything else is a bug: 1, with a hint to rerun with --debug', async () => {
    const result = await report(new TypeError('boom'))
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/unexpected error: boom/)
    expect(result.stderr).toMatch(/--debug/)
  })
})
