import { describe, expect, it } from 'vitest'
import type { WorkRequest } from '@debusine-ts/models'
import { classifyFailure, isFailedLeaf, tail, treeNodes } from './index.js'
import { newestAttempts } from './newest-attempts.js'

const request = (
  id: number,
  parent: number | null,
  taskType: string,
  taskName: string,
  result = '',
): WorkRequest =>
  ({
    id,
    parent,
    task_type: taskType,
    task_name: taskName,
    status: result === '' ? 'running' : 'completed',
    result,
    artifacts: [],
  }) as unknown as WorkRequest

describe('workflow tree classification', () => {
  it('marks leaves under a qa sub-workflow as qa and sbuild as build', () => {
    const root = request(1, null, 'Workflow', 'debian_pipeline')
    const nodes = treeNodes(root, [
      request(2, 1, 'Worker', 'sbuild', 'failure'),
      request(3, 1, 'Workflow', 'qa'),
      request(4, 3, 'Worker', 'some-check', 'error'),
    ])
    expect(nodes.map((node) => node.underQa)).toEqual([false, false, true])
    expect(nodes.filter(isFailedLeaf).map(classifyFailure)).toEqual(['build', 'qa'])
  })

  it('counts only the newest attempt of a task: a retry replaces the failure it retried', () => {
    const root = request(1, null, 'Workflow', 'debian_pipeline')
    const nodes = treeNodes(root, [
      request(7, 1, 'Worker', 'lintian', 'success'),
      request(2, 1, 'Worker', 'sbuild', 'failure'),
      request(5, 1, 'Worker', 'lintian', 'failure'),
      request(3, 1, 'Worker', 'sbuild', 'failure'),
      request(4, 3, 'Worker', 'sbuild', 'failure'),
    ])
    // lintian 7 replaced 5, sbuild 3 replaced 2; sbuild 4 has another parent.
    expect(newestAttempts(nodes).map((node) => node.id)).toEqual([7, 3, 4])
    expect(newestAttempts(nodes).filter(isFailedLeaf).map((node) => node.id)).toEqual([3, 4])
  })

  it('keeps the last lines of a log', () => {
    expect(tail('a\nb\nc\n', 2)).toBe('b\nc')
  })
})
