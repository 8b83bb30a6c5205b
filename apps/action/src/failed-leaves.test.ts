import { WorkRequestSchema } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { failedLeavesMarkdown, failedLeavesText, type FailedLeaf } from './failed-leaves.js'
import { failsStep } from './outcome.js'

const lintian: FailedLeaf = {
  id: 12,
  taskName: 'lintian',
  failureClass: 'qa',
  logTail: 'E: no-copyright-file',
}
const sbuild: FailedLeaf = { id: 11, taskName: 'sbuild', failureClass: 'build', logTail: 'a ``` b' }

const failed = WorkRequestSchema.parse({
  links: {},
  id: 10,
  created_at: '2026-11-27T10:00:00Z',
  status: 'completed',
  result: 'failure',
  task_type: 'Workflow',
  task_name: 'debian_pipeline',
  task_data: {},
  priority_base: 0,
  priority_adjustment: 0,
  artifacts: [],
  workspace: 'developers',
})

describe('failed leaves in the action', () => {
  it('fail-on build: qa-only failures pass, a build failure or an abort without leaves fails', () => {
    expect(failsStep(failed, 'build', ['qa'])).toBe(false)
    expect(failsStep(failed, 'build', ['qa', 'build'])).toBe(true)
    expect(failsStep(failed, 'build', [])).toBe(true)
    expect(failsStep({ ...failed, status: 'aborted', result: '' }, 'build', [])).toBe(true)
    expect(failsStep({ ...failed, result: 'success' }, 'build', [])).toBe(false)
  })

  it('lists them as ID:TASK:CLASS and shows each log tail in a collapsed block no log can close', () => {
    expect(failedLeavesText([sbuild, lintian])).toBe('11:sbuild:build,12:lintian:qa')
    const markdown = failedLeavesMarkdown([sbuild, lintian]).join('\n')
    expect(markdown).toContain('<details><summary>#11 sbuild: build failure</summary>\n\n````\na ``` b\n````')
    expect(markdown).toContain(
      '<details><summary>#12 lintian: qa failure</summary>\n\n```\nE: no-copyright-file\n```',
    )
    expect(failedLeavesMarkdown([])).toEqual([])
  })
})
