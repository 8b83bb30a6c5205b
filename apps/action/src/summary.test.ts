import { WorkRequestSchema, type WorkRequest } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { failsStep } from './outcome.js'
import { DebusineClientCore } from '@debusine-ts/client'
import { durationText, outputsOf, summaryMarkdown, type Report } from './summary.js'

/** A client of a server that is never called: it only places web pages. */
const client = new DebusineClientCore({
  apiUrl: 'https://debusine.example.org/api',
  token: 't',
  scope: 'debian',
})

function request(fields: Partial<WorkRequest>): WorkRequest {
  return WorkRequestSchema.parse({
    links: {},
    id: 10,
    url: '/debian/developers/work-request/10/',
    created_at: '2026-11-27T10:00:00Z',
    status: 'completed',
    result: 'success',
    task_type: 'Workflow',
    task_name: 'debian_pipeline',
    task_data: {},
    priority_base: 0,
    priority_adjustment: 0,
    artifacts: [],
    workspace: 'developers',
    ...fields,
  })
}

describe('the summary', () => {
  it('has the workflow, each child with its link, and the artifacts; outputs match', () => {
    const report: Report = {
      request: request({ duration: 3725 }),
      children: [
        request({
          id: 11,
          url: '/debian/developers/work-request/11/',
          task_type: 'Worker',
          task_name: 'sbuild',
          duration: 65,
          artifacts: [21, 20],
        }),
        request({
          id: 12,
          url: '/debian/developers/work-request/12/',
          task_type: 'Worker',
          task_name: 'lint|ian',
          result: 'failure',
          duration: 4.4,
        }),
      ],
      childrenNote: '',
      childrenShown: 'all',
      uploaded: [],
      headline: 'Finished: completed, success.',
      failed: false,
      webUrl: (kind, resource) => client.webPageUrl(kind, resource),
    }
    expect(summaryMarkdown(report)).toBe(
      [
        '## ✅ Debusine workflow #10: completed, success',
        '',
        'Finished: completed, success.',
        '',
        '| | |',
        '| --- | --- |',
        '| Workflow | [#10 debian\\_pipeline](https://debusine.example.org/debian/developers/work-request/10/) |',
        '| Status | completed |',
        '| Result | success |',
        '| Duration | 1 h 02 min 05 s |',
        '',
        '### Work requests',
        '',
        '| Task | Status | Result | Duration | Link |',
        '| --- | --- | --- | --- | --- |',
        '| sbuild | completed | success | 1 min 05 s | [#11](https://debusine.example.org/debian/developers/work-request/11/) |',
        '| lint\\|ian | completed | failure | 4 s | [#12](https://debusine.example.org/debian/developers/work-request/12/) |',
        '',
        '### Artifacts',
        '',
        '- Produced [#20](https://debusine.example.org/debian/developers/artifact/20/)',
        '- Produced [#21](https://debusine.example.org/debian/developers/artifact/21/)',
        '',
      ].join('\n'),
    )
    expect(outputsOf(report)).toEqual({
      id: '10',
      status: 'completed',
      result: 'success',
      url: 'https://debusine.example.org/debian/developers/work-request/10/',
      'child-ids': '11,12',
      'artifact-ids': '20,21',
      'uploaded-artifact-ids': '',
      'failed-leaves': '',
    })
    expect(durationText(null)).toBe('')
  })

  it("children: qa lists the tasks under the workflow's qa sub-workflows; none lists none; a partial search says so", () => {
    const child = (id: number, fields: Partial<WorkRequest>): WorkRequest =>
      request({ id, url: `/debian/developers/work-request/${id}/`, parent: 10, workflow_root: 10, ...fields })
    const children = [
      child(11, { task_type: 'Worker', task_name: 'sbuild' }),
      child(12, { task_name: 'qa' }),
      child(13, { task_name: 'autopkgtest', task_type: 'Worker', parent: 12 }),
      child(14, { task_name: 'lintian', task_type: 'Worker', parent: 12, result: 'failure' }),
      child(15, { task_name: 'reverse_autopkgtest' }),
      child(16, { task_name: 'autopkgtest', task_type: 'Worker', parent: 15 }),
    ]
    const report: Report = {
      request: request({}),
      children,
      childrenNote: '',
      childrenShown: 'qa',
      uploaded: [],
      headline: 'Finished: completed, success.',
      failed: false,
      webUrl: (kind, resource) => new URL(client.webPageUrl(kind, resource)).pathname,
    }
    const qa = summaryMarkdown(report)
    expect(qa).toContain(
      [
        '### QA work requests',
        '',
        '| Task | Status | Result | Duration | Link |',
        '| --- | --- | --- | --- | --- |',
        '| autopkgtest | completed | success | — | [#13](/debian/developers/work-request/13/) |',
        '| lintian | completed | failure | — | [#14](/debian/developers/work-request/14/) |',
        '',
      ].join('\n'),
    )
    expect(qa).not.toContain('sbuild')
    expect(outputsOf(report)['child-ids']).toBe('11,12,13,14,15,16')
    expect(summaryMarkdown({ ...report, childrenShown: 'none' })).not.toContain('work requests')
    expect(
      summaryMarkdown({ ...report, childrenShown: 'all', childrenNote: 'Only some are listed.' }),
    ).toContain('### Work requests\n\nOnly some are listed.\n\n| Task |')
  })

  it('links pages by the web UI layout where the server sends no url (0.11.3)', () => {
    const report: Report = {
      request: request({ url: '', artifacts: [31] }),
      children: [request({ id: 11, url: '', task_type: 'Worker', task_name: 'noop' })],
      childrenNote: '',
      childrenShown: 'all',
      uploaded: [],
      headline: 'Finished: completed, success.',
      failed: false,
      webUrl: (kind, resource) => client.webPageUrl(kind, resource),
    }
    const summary = summaryMarkdown(report)
    expect(summary).toContain(
      '| Workflow | [#10 debian\\_pipeline](https://debusine.example.org/debian/developers/work-request/10/) |',
    )
    expect(summary).toContain('[#11](https://debusine.example.org/debian/developers/work-request/11/) |')
    expect(summary).toContain('- Produced [#31](https://debusine.example.org/debian/developers/artifact/31/)')
    expect(outputsOf(report).url).toBe('https://debusine.example.org/debian/developers/work-request/10/')
  })

  it('fails the step as fail-on says; an abort always', () => {
    const results = ['success', 'failure', 'error', 'skipped'] as const
    const table = results.map((result) =>
      (['any-not-success', 'failure', 'error'] as const).map((failOn) =>
        failsStep(request({ result }), failOn),
      ),
    )
    expect(table).toEqual([
      [false, false, false],
      [true, true, false],
      [true, true, true],
      [true, false, false],
    ])
    expect(failsStep(request({ status: 'aborted', result: '' }), 'error')).toBe(true)
  })
})
