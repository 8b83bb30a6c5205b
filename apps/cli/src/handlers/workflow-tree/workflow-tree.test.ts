import { describe, expect, it } from 'vitest'
import type { WorkflowFailure, WorkflowTree, WorkflowTreeNode } from '@debusine-ts/client'
import type { Artifact, WorkRequest } from '@debusine-ts/models'
import { emptyingFilter, inPool } from './download.js'
import { renderFailures, type FailureReport } from './failures.js'
import { workflowOutcome } from './outcome.js'
import { changedLines, summaryTable } from './watch.js'

const report = (id: number, failureClass: string, log: string): FailureReport => ({
  id,
  task_type: 'Worker',
  task_name: failureClass === 'qa' ? 'lintian' : 'sbuild',
  status: 'completed',
  result: 'failure',
  class: failureClass,
  url: `https://debusine.example.org/debusine/System/work-request/${id}/`,
  log_tail: log,
})

const failure = (failureClass: 'build' | 'qa'): WorkflowFailure => ({
  node: { id: 7, taskName: failureClass === 'qa' ? 'lintian' : 'sbuild' } as WorkflowTreeNode,
  failureClass,
  logTail: () => Promise.resolve(''),
})

const request = (id: number, taskName: string, status: string, result = ''): WorkRequest =>
  ({ id, task_type: 'Worker', task_name: taskName, status, result }) as WorkRequest

describe('workflow failures, for humans', () => {
  it('a heading per leaf with its class, its page, then its log tail indented', () => {
    expect(renderFailures(42, [report(43, 'build', 'make: *** [all] Error 1\nE: Build failed')])).toBe(
      [
        'Workflow 42: 1 failed leaf',
        '',
        'BUILD failure: work request 43 Worker/sbuild completed [failure]',
        '  https://debusine.example.org/debusine/System/work-request/43/',
        '  | make: *** [all] Error 1',
        '  | E: Build failed',
        '',
      ].join('\n'),
    )
  })

  it('says when a leaf has no log, and when no leaf failed', () => {
    expect(renderFailures(42, [report(44, 'qa', '')])).toContain('QA failure: work request 44 Worker/lintian')
    expect(renderFailures(42, [report(44, 'qa', '')])).toContain('  (no log)')
    expect(renderFailures(42, [])).toBe('Workflow 42 has no failed leaf.\n')
  })
})

describe('workflow download filters', () => {
  const deb = { category: 'debian:binary-package' } as Artifact
  const matches = (artifact: Artifact, filter: { category?: string; architecture?: string }): boolean =>
    (filter.category ?? artifact.category) === artifact.category && (filter.architecture ?? 'all') === 'all'

  it('names the first filter after which nothing is left', () => {
    expect(emptyingFilter([deb], { category: 'debian:upload' }, matches)).toBe("--category 'debian:upload'")
    expect(emptyingFilter([deb], { category: 'debian:binary-package', architecture: 'arm64' }, matches)).toBe(
      "--architecture 'arm64'",
    )
    expect(emptyingFilter([deb], { category: 'debian:binary-package' }, matches)).toBeUndefined()
    expect(emptyingFilter([], {}, matches)).toBe('the workflow has no output')
  })

  it('runs at most the limit at once and keeps the order of the results', async () => {
    let running = 0
    let most = 0
    const results = await inPool([1, 2, 3, 4, 5], 2, async (item) => {
      most = Math.max(most, ++running)
      await Promise.resolve()
      running--
      return item * 10
    })
    expect(results).toEqual([10, 20, 30, 40, 50])
    expect(most).toBe(2)
  })
})

describe('workflow watch', () => {
  it('--fail-on build forgives qa-only failures, never a build one or an abort', () => {
    const failed = { status: 'completed', result: 'failure' }
    expect(workflowOutcome(failed, [failure('qa')], 'build')).toMatchObject({ exitCode: 0 })
    expect(workflowOutcome(failed, [failure('qa')], 'build').warnings).toHaveLength(1)
    expect(workflowOutcome(failed, [failure('qa')], 'any')).toEqual({ exitCode: 10, warnings: [] })
    expect(workflowOutcome(failed, [failure('qa'), failure('build')], 'build').exitCode).toBe(10)
    expect(workflowOutcome({ status: 'aborted', result: '' }, [], 'build').exitCode).toBe(12)
  })

  it('prints one line per work request whose status changed', () => {
    const seen = new Map<number, string>()
    const tree = (sbuild: WorkRequest): WorkflowTree => ({
      root: { ...request(42, 'debian_pipeline', 'running'), task_type: 'Workflow' },
      nodes: [{ request: sbuild } as WorkflowTreeNode],
    })
    expect(changedLines(42, tree(request(43, 'sbuild', 'running')), seen)).toEqual([
      '42: workflow running',
      '42: 43 Worker/sbuild running',
    ])
    expect(changedLines(42, tree(request(43, 'sbuild', 'running')), seen)).toEqual([])
    expect(changedLines(42, tree(request(43, 'sbuild', 'completed', 'failure')), seen)).toEqual([
      '42: 43 Worker/sbuild completed [failure]',
    ])
  })

  it('ends several workflows with one table', () => {
    const table = summaryTable([
      { id: 42, seen: new Map(), outcome: { exitCode: 0, warnings: [] } },
      { id: 50, seen: new Map() },
    ])
    expect(table).toContain('Workflow')
    expect(table.split('\n')[2]).toMatch(/^42\s+unknown\s+0$/)
    expect(table.split('\n')[3]).toMatch(/^50\s+unknown\s+13$/)
  })
})
