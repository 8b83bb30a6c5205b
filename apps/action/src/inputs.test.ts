import { describe, expect, it } from 'vitest'
import { InputError, readInputs } from './inputs.js'
import { parseOutputFile } from '../test/support/run-action.js'
import { setOutputs, readInput, type RunnerIo } from './runner.js'
import { withValueAt } from './run.js'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

function io(inputs: Record<string, string>, env: Record<string, string> = {}): RunnerIo & { log: string[] } {
  const log: string[] = []
  const variables: Record<string, string> = { ...env }
  for (const [name, value] of Object.entries(inputs)) variables[`INPUT_${name.toUpperCase()}`] = value
  return { env: variables, write: (text) => log.push(text), log }
}

const base = {
  'api-url': 'https://debusine.example.org/api',
  scope: 'debian',
  workspace: 'developers',
  token: 't',
}

function inputError(inputs: Record<string, string>): InputError {
  try {
    readInputs(io(inputs))
  } catch (error) {
    if (error instanceof InputError) return error
    throw error
  }
  throw new Error('no InputError')
}

describe('readInputs', () => {
  it('reads the runner variables (upper case, hyphens kept) with their defaults', () => {
    expect(readInput(io({ 'task-data': ' a: 1 ' }), 'task-data')).toBe('a: 1')
    expect(readInputs(io({ ...base, template: 'sbuild', 'task-data': 'a: [1, 2]\nb: {c: x}\n' }))).toEqual({
      apiUrl: base['api-url'],
      scope: 'debian',
      workspace: 'developers',
      token: 't',
      mode: 'workflow',
      template: 'sbuild',
      taskData: { a: [1, 2], b: { c: 'x' } },
      file: undefined,
      id: undefined,
      artifactParameter: undefined,
      wait: true,
      timeout: 3600,
      failOn: 'any-not-success',
      pollInterval: 30,
      children: 'all',
      warnings: [],
    })
    expect(
      readInputs(io({ ...base, mode: 'wait', id: '42', workspace: '', timeout: '0', wait: 'False' })),
    ).toMatchObject({ mode: 'wait', id: 42, workspace: undefined, timeout: undefined, wait: false })
    expect(readInputs(io({ ...base, template: 'x', 'task-data': '{"a": {"b": 1}}' })).taskData).toEqual({
      a: { b: 1 },
    })
  })

  it('warns in one line when the token goes in clear text, and refuses it with DEBUSINE_TS_REQUIRE_HTTPS', () => {
    const cleartext = { ...base, template: 'x', 'api-url': 'http://debusine.example.org/api' }
    const { warnings } = readInputs(io(cleartext))
    expect(warnings).toEqual([
      'the token is sent in clear text to http://debusine.example.org/api: use an https:// URL',
    ])
    expect(readInputs(io({ ...cleartext, 'api-url': 'http://127.0.0.1:8011/api' })).warnings).toEqual([])
    expect(() => readInputs(io(cleartext, { DEBUSINE_TS_REQUIRE_HTTPS: 'true' }))).toThrow(
      /Input 'api-url': the token is sent in clear text .* refused/,
    )
  })

  it('names the input that is wrong', () => {
    expect(inputError({ ...base, token: '' }).input).toBe('token')
    expect(inputError({ ...base, 'api-url': 'ftp://x/api' }).message).toBe(
      "Input 'api-url': expected an http(s) URL, got 'ftp://x/api'",
    )
    expect(inputError({ ...base, mode: 'import-debian' }).message).toBe(
      "Input 'file': required with mode 'import-debian'",
    )
    expect(inputError({ ...base, template: 'x', 'task-data': 'a: [' }).input).toBe('task-data')
    expect(inputError({ ...base, template: 'x', 'task-data': '- 1' }).input).toBe('task-data')
    expect(inputError({ ...base, template: 'x', timeout: '1.5' }).input).toBe('timeout')
    expect(inputError({ ...base, mode: 'wait', id: '0' }).input).toBe('id')
  })
})

describe('the runner files', () => {
  it('writes outputs the runner reads back, multi-line values included', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'debusine-ts-action-unit-')), 'output')
    writeFileSync(file, '')
    setOutputs(io({}, { GITHUB_OUTPUT: file }), { id: '42', text: 'two\nlines', empty: '' })
    expect(parseOutputFile(readFileSync(file, 'utf8'))).toEqual({ id: '42', text: 'two\nlines', empty: '' })
  })

  it('puts a value at a dotted path of the task data, keeping what is there', () => {
    expect(withValueAt({ input: { other: 1 }, keep: true }, 'input.source_artifact', 7)).toEqual({
      input: { other: 1, source_artifact: 7 },
      keep: true,
    })
    expect(withValueAt({}, 'source_artifact', 7)).toEqual({ source_artifact: 7 })
  })
})
