import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BareDataCategory, TaskType, WorkRequestResult } from '../../enumerations.js'
import { ValidationError } from '../../errors/validation-error.js'
import { parseModel } from '../../parse.js'
import { bareDataSchemaFor } from './index.js'

function rejection(category: BareDataCategory, value: unknown): ValidationError {
  try {
    parseModel(category, bareDataSchemaFor(category), value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

const promise = {
  promise_work_request_id: 12,
  promise_workflow_id: 10,
  promise_category: 'debian:binary-package',
}
const historicalRun = {
  task_type: TaskType.WORKER,
  task_name: 'sbuild',
  subject: 'hello',
  context: 'amd64',
  timestamp: 1_747_000_000,
  work_request_id: 42,
  result: WorkRequestResult.SUCCESS,
  runtime_statistics: { duration: 95, cpu_time: 80, disk_space: 104_857_600, memory: 536_870_912 },
}
const qaResult = {
  task_name: 'lintian',
  package: 'hello',
  version: '2.10-3',
  architecture: 'source',
  timestamp: 1_747_000_000,
  work_request_id: 43,
  result: WorkRequestResult.FAILURE,
}

describe('promise data', () => {
  it('accepts extra keys that describe the promised artifact', () => {
    const data = { ...promise, binary_package_name: 'hello', architecture: 'amd64' }
    expect(parseModel('PromiseData', bareDataSchemaFor(BareDataCategory.PROMISE), data)).toEqual(data)
  })

  it('refuses extra keys starting with promise_', () => {
    expect(rejection(BareDataCategory.PROMISE, { ...promise, promise_name: 'x' }).issues).toEqual([
      expect.objectContaining({
        path: 'promise_name',
        rule: 'custom',
        message: 'extra keys must not start with "promise_"',
      }),
    ])
  })

  it('requires the three promise fields', () => {
    expect(rejection(BareDataCategory.PROMISE, {}).issues.map((issue) => [issue.path, issue.rule])).toEqual([
      ['promise_work_request_id', 'invalid_type'],
      ['promise_workflow_id', 'invalid_type'],
      ['promise_category', 'invalid_type'],
    ])
  })
})

describe('historical task run data', () => {
  it('accepts a run', () => {
    expect(
      parseModel(
        'HistoricalTaskRunData',
        bareDataSchemaFor(BareDataCategory.HISTORICAL_TASK_RUN),
        historicalRun,
      ),
    ).toEqual(historicalRun)
  })

  it('refuses an unknown task type, result or runtime statistic', () => {
    const error = rejection(BareDataCategory.HISTORICAL_TASK_RUN, {
      ...historicalRun,
      task_type: 'worker',
      result: 'passed',
      runtime_statistics: { wall_time: 3 },
    })
    expect(error.issues).toEqual([
      expect.objectContaining({ path: 'task_type', rule: 'invalid_value' }),
      expect.objectContaining({ path: 'result', rule: 'invalid_value' }),
      expect.objectContaining({ path: 'runtime_statistics', rule: 'unrecognized_keys' }),
    ])
  })
})

describe('QA result and bare build log data', () => {
  it('accepts a QA result and requires its fields', () => {
    expect(parseModel('QaResultData', bareDataSchemaFor(BareDataCategory.QA_RESULT), qaResult)).toEqual(
      qaResult,
    )
    const rest: Record<string, unknown> = { ...qaResult }
    delete rest.timestamp
    expect(rejection(BareDataCategory.QA_RESULT, rest).issues).toEqual([
      expect.objectContaining({ path: 'timestamp', rule: 'invalid_type' }),
    ])
  })

  it('accepts a bare build log without a file name', () => {
    expect(
      parseModel('BarePackageBuildLogData', bareDataSchemaFor(BareDataCategory.PACKAGE_BUILD_LOG), {
        source: 'hello',
        version: '2.10-3',
      }),
    ).toEqual({ source: 'hello', version: '2.10-3', architecture: null, bd_uninstallable: null })
    expect(
      rejection(BareDataCategory.PACKAGE_BUILD_LOG, {
        source: 'hello',
        version: '2.10-3',
        filename: 'x.build',
      }).issues,
    ).toEqual([expect.objectContaining({ rule: 'unrecognized_keys' })])
  })

  it('refuses an unknown category', () => {
    expect(() => bareDataSchemaFor('debian:nonsense' as BareDataCategory)).toThrow(
      /Expected one of debian:package-build-log/,
    )
  })

  it('QA result data survives JSON', () => {
    const schema = bareDataSchemaFor(BareDataCategory.QA_RESULT)
    const data = fc.record({
      task_name: fc.string(),
      package: fc.string(),
      version: fc.string(),
      architecture: fc.string(),
      timestamp: fc.integer(),
      work_request_id: fc.integer({ min: 1 }),
      result: fc.constantFrom(...Object.values(WorkRequestResult)),
    })
    fc.assert(
      fc.property(data, (input) => {
        const parsed = parseModel('QaResultData', schema, input)
        expect(parseModel('QaResultData', schema, JSON.parse(JSON.stringify(parsed)))).toEqual(parsed)
      }),
    )
  })
})
