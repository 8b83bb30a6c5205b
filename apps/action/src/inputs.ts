import { parse } from 'yaml'
import { cleartextPolicy } from '@debusine-ts/client'
import type { ValidationError } from '@debusine-ts/models'
import { checkCleartextApiUrl } from '@debusine-ts/transport'
import { childrenValues, type ChildrenShown } from './children.js'
import { readInput, type RunnerIo } from './runner.js'

/** What the action does. */
export const modes = ['workflow', 'import-debian', 'wait'] as const
/** What the action does: start a workflow, import a Debian file (then maybe a workflow), or wait. */
export type Mode = (typeof modes)[number]

/** Which results fail the step. */
export const failOnValues = ['failure', 'error', 'any-not-success', 'build'] as const
/** Which results fail the step: see the README's exit statuses. */
export type FailOn = (typeof failOnValues)[number]

/** The action's inputs, checked. */
export interface ActionInputs {
  apiUrl: string
  scope: string
  workspace: string | undefined
  token: string
  mode: Mode
  template: string | undefined
  taskData: Record<string, unknown>
  file: string | undefined
  id: number | undefined
  /** Where the uploaded artifact's id goes in the task data (a dotted path); undefined: nowhere. */
  artifactParameter: string | undefined
  wait: boolean
  /** Seconds; undefined: no limit. */
  timeout: number | undefined
  failOn: FailOn
  /** Seconds between the safety polls of the wait. */
  pollInterval: number
  /** Which of a workflow's work requests the summary lists. */
  children: ChildrenShown
  /** One line each, for the log: the token goes in clear text (a non-loopback `http:` api-url). */
  warnings: string[]
}

/** An input the action cannot use: nothing was started. */
export class InputError extends Error {
  override readonly name = 'InputError'

  constructor(
    readonly input: string,
    message: string,
  ) {
    super(`Input '${input}': ${message}`)
  }
}

function oneOf<T extends string>(io: RunnerIo, name: string, values: readonly T[], fallback: T): T {
  const value = readInput(io, name) || fallback
  if (!(values as readonly string[]).includes(value)) {
    throw new InputError(name, `expected one of ${values.join(', ')}, got '${value}'`)
  }
  return value as T
}

function required(io: RunnerIo, name: string, why: string): string {
  const value = readInput(io, name)
  if (value === '') throw new InputError(name, `required ${why}`)
  return value
}

function seconds(io: RunnerIo, name: string, fallback: string): number {
  const text = readInput(io, name) || fallback
  if (!/^\d+$/.test(text)) throw new InputError(name, `expected a whole number of seconds, got '${text}'`)
  return Number(text)
}

function flag(io: RunnerIo, name: string, fallback: boolean): boolean {
  const text = readInput(io, name)
  if (text === '') return fallback
  if (/^(true|True|TRUE)$/.test(text)) return true
  if (/^(false|False|FALSE)$/.test(text)) return false
  throw new InputError(name, `expected true or false, got '${text}'`)
}

function taskData(io: RunnerIo): Record<string, unknown> {
  const text = readInput(io, 'task-data')
  if (text === '') return {}
  let value: unknown
  try {
    value = parse(text) as unknown
  } catch (error) {
    throw new InputError('task-data', `not YAML or JSON: ${(error as Error).message.split('\n')[0] ?? ''}`)
  }
  if (value === null || value === undefined) return {}
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InputError('task-data', 'expected a mapping (YAML) or an object (JSON)')
  }
  return value as Record<string, unknown>
}

function apiUrl(io: RunnerIo): string {
  const text = required(io, 'api-url', '(the server API, e.g. https://debusine.example.org/api)')
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new InputError('api-url', `not a URL: '${text}'`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new InputError('api-url', `expected an http(s) URL, got '${text}'`)
  }
  return text
}

/** The clear-text warning for `url`, or an {@link InputError} when DEBUSINE_TS_REQUIRE_HTTPS refuses it. */
function cleartextWarnings(io: RunnerIo, url: string): string[] {
  try {
    const warning = checkCleartextApiUrl(url, cleartextPolicy(io.env))
    return warning === undefined ? [] : [warning]
  } catch (error) {
    const reason = (error as ValidationError).issues[0]?.message ?? (error as Error).message
    throw new InputError('api-url', `${reason} (DEBUSINE_TS_REQUIRE_HTTPS is set)`)
  }
}

function workRequestId(io: RunnerIo, mode: Mode): number | undefined {
  const text = readInput(io, 'id')
  if (mode !== 'wait') return undefined
  if (!/^[1-9]\d*$/.test(text)) {
    throw new InputError('id', `required with mode 'wait': a work request or workflow id, got '${text}'`)
  }
  return Number(text)
}

/**
 * Read and check every input, before anything is sent.
 *
 * @throws {InputError} naming the first input that is missing or wrong
 */
export function readInputs(io: RunnerIo): ActionInputs {
  const token = required(io, 'token', '(a Debusine API token)')
  const url = apiUrl(io)
  const scope = required(io, 'scope', '(the Debusine scope, e.g. debian)')
  const mode = oneOf(io, 'mode', modes, 'workflow')
  const workspace =
    mode === 'wait'
      ? readInput(io, 'workspace') || undefined
      : required(io, 'workspace', `with mode '${mode}'`)
  const template =
    mode === 'workflow'
      ? required(io, 'template', "with mode 'workflow'")
      : readInput(io, 'template') || undefined
  const file = mode === 'import-debian' ? required(io, 'file', "with mode 'import-debian'") : undefined
  const timeout = seconds(io, 'timeout', '3600')
  return {
    apiUrl: url,
    scope,
    workspace,
    token,
    mode,
    template,
    taskData: taskData(io),
    file,
    id: workRequestId(io, mode),
    artifactParameter: readInput(io, 'artifact-parameter') || undefined,
    wait: flag(io, 'wait', true),
    timeout: timeout === 0 ? undefined : timeout,
    failOn: oneOf(io, 'fail-on', failOnValues, 'any-not-success'),
    pollInterval: seconds(io, 'poll-interval', '30'),
    children: oneOf(io, 'children', childrenValues, 'all'),
    warnings: cleartextWarnings(io, url),
  }
}
