import {
  LookupChildType,
  LookupMultipleRequestModel,
  LookupResultCode,
  LookupSingleRequestModel,
  ValidationError,
  type ValidationIssue,
} from '@debusine-ts/models'
import type { LookupExpectType, LookupMultipleInput, LookupOptionsBase, LookupSingleInput } from './input.js'
import { idIssue } from '../internal/argument-checks.js'

const wordOfCode: Readonly<Record<LookupResultCode, LookupChildType>> = {
  [LookupResultCode.ARTIFACT]: LookupChildType.ARTIFACT,
  [LookupResultCode.BARE]: LookupChildType.BARE,
  [LookupResultCode.COLLECTION]: LookupChildType.COLLECTION,
}

/** The full word of an expected type given as a word or as a code of the earlier API. */
export function expectTypeWord(expectType: LookupExpectType | undefined): LookupChildType {
  if (expectType === undefined) return LookupChildType.ANY
  return Object.hasOwn(wordOfCode, expectType)
    ? wordOfCode[expectType as LookupResultCode]
    : (expectType as LookupChildType)
}

function wireFields(
  input: LookupOptionsBase,
  defaultWorkspace: string | undefined,
): {
  expect_type: LookupChildType
  default_category: string | null
  workspace?: string
  workflow_root?: number
} {
  const workspace = input.workspace ?? defaultWorkspace
  return {
    expect_type: expectTypeWord(input.expectType),
    default_category: input.defaultCategory ?? null,
    // @NOTE Left out when unknown: the server then uses its default workspace.
    ...(workspace === undefined ? {} : { workspace }),
    ...(input.workflowRoot === undefined || input.workflowRoot === null
      ? {}
      : { workflow_root: input.workflowRoot }),
  }
}

const knownKeys = ['lookup', 'expectType', 'defaultCategory', 'workspace', 'workflowRoot', 'workRequest']

/**
 * Check what the request models cannot see: keys of the input other than the known ones
 * (e.g. the wire name `expect_type` instead of `expectType`), and `workRequest`, which is
 * not sent.
 */
function checkInput(input: LookupOptionsBase, model: string): void {
  const issues: ValidationIssue[] = Object.keys(input)
    .filter((key) => !knownKeys.includes(key))
    .map((key) => ({
      path: key,
      rule: 'unrecognized_keys',
      message: `unknown key "${key}": expected ${knownKeys.join(', ')}`,
    }))
  const value = input.workRequest
  const issue = value === undefined ? undefined : idIssue('workRequest', value)
  if (issue !== undefined) issues.push(issue)
  if (issues.length > 0) throw new ValidationError(model, issues)
}

/**
 * The body of `POST /lookup/single/` for `input`, as 0.16.2 reads it: `workspace`,
 * `workflow_root` and a full-word `expect_type`; `workRequest` is not sent.
 *
 * @throws {ValidationError} naming the field and rule that failed
 */
export function lookupSingleBody(
  input: LookupSingleInput,
  defaultWorkspace: string | undefined,
): ReturnType<typeof LookupSingleRequestModel.create> {
  checkInput(input, 'LookupSingleRequest')
  return LookupSingleRequestModel.create({
    lookup: input.lookup,
    ...wireFields(input, defaultWorkspace),
  })
}

/**
 * The body of `POST /lookup/multiple/` for `input`; see {@link lookupSingleBody}.
 *
 * @throws {ValidationError} naming the field and rule that failed
 */
export function lookupMultipleBody(
  input: LookupMultipleInput,
  defaultWorkspace: string | undefined,
): ReturnType<typeof LookupMultipleRequestModel.create> {
  checkInput(input, 'LookupMultipleRequest')
  return LookupMultipleRequestModel.create({
    lookup: input.lookup,
    ...wireFields(input, defaultWorkspace),
  })
}
