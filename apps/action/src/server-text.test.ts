/**
 * Server text is data: in the log it never becomes a workflow command, in the summary never
 * markup, in the outputs never a value the action does not know or an output of its own.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { WorkRequestSchema, type WorkRequest } from '@debusine-ts/models'
import { describe, expect, it } from 'vitest'
import { markdownText, markdownUrl } from './markdown.js'
import { stateText } from './outcome.js'
import { logLine, logText, setOutputs, type RunnerIo } from './runner.js'
import { safeWebUrl, shownResult, shownStatus } from './server-values.js'
import { outputsOf, summaryMarkdown, type Report } from './summary.js'

const injected = 'pending\n::warning title=X::injected\r\n##[set-output name=id;]666'

function request(fields: Partial<WorkRequest>): WorkRequest {
  return WorkRequestSchema.parse({
    links: {},
    id: 10,
    url: '/debian/developers/work-request/10/',
    created_at: '2026-11-27T10:00:00Z',
    status: 'completed',
    result: 'success',
    task_type: 'Worker',
    task_name: 'noop',
    task_data: {},
    priority_base: 0,
    priority_adjustment: 0,
    artifacts: [],
    workspace: 'developers',
    ...fields,
  })
}

function collecting(env: Record<string, string> = {}): RunnerIo & { text: () => string } {
  let written = ''
  return { env, write: (text) => (written += text), text: () => written }
}

/** The lines the runner would read as commands: `::name` at a line's start, `##[` anywhere. */
function commandLines(log: string): string[] {
  return log.split(/\r\n|\r|\n/).filter((line) => /^\s*::/.test(line) || line.includes('##['))
}

describe('server text in the log', () => {
  it('stays on its one line: no line break, no leading ::, no ##[', () => {
    const io = collecting()
    logLine(io, `Work request #1 (${injected})`)
    logLine(io, '::error::from a server')
    logLine(io, '  ::warning::indented')
    expect(io.text().split('\n')).toHaveLength(4)
    expect(commandLines(io.text())).toEqual([])
    expect(logText('a\r\nb')).toBe('a%0D%0Ab')
    expect(logText('::x::y')).toBe('%3A:x::y')
    expect(logText('IPv6 [::1]:8000 and 50%')).toBe('IPv6 [::1]:8000 and 50%')
  })
})

describe('statuses and results', () => {
  it('a known one is shown as it is, anything else as unknown', () => {
    expect([shownStatus({ status: 'running' }), shownResult({ result: 'temporary failure' })]).toEqual([
      'running',
      'temporary failure',
    ])
    expect(shownResult({ result: '' })).toBe('')
    expect([shownStatus({ status: injected }), shownResult({ result: injected })]).toEqual([
      'unknown',
      'unknown',
    ])
    expect(stateText(request({ status: injected, result: 'success\n::error::x' }))).toBe('unknown, unknown')
  })
})

describe('server text in the summary', () => {
  it('is escaped: no link, image, HTML, emphasis or cell end forms from it', () => {
    expect(markdownText('[click](https://evil.example) ![x](y) <img src=x> *a* `b` | c\nd')).toBe(
      '\\[click\\]\\(https:\\/\\/evil\\.example\\) \\!\\[x\\]\\(y\\) &lt;img src=x&gt; \\*a\\* \\`b\\` \\| c d',
    )
    expect(markdownText('www.evil.example a@b.example &amp;')).toBe(
      'www\\.evil\\.example a\\@b\\.example &amp;amp;',
    )
    expect(markdownUrl('https://x.example/a (b)\n<c>')).toBe('https://x.example/a%20%28b%29%0A%3Cc%3E')
  })

  it('a hostile workflow: task names, statuses, results and categories are text, links stay ours', () => {
    const hostile = request({
      id: 11,
      url: '/debian/developers/work-request/11/',
      task_name: '[pwned](https://evil.example)<script>',
      status: injected,
      result: 'failure | x',
    })
    const report: Report = {
      request: request({ task_type: 'Workflow', task_name: 'evil_**bold**', status: injected }),
      children: [hostile],
      childrenNote: '',
      childrenShown: 'all',
      uploaded: [],
      headline: `Failed: ${markdownText('the server said: [x](y)')}`,
      failed: true,
      webUrl: () => 'https://debusine.example.org/debian/developers/work-request/11/',
    }
    const summary = summaryMarkdown(report)
    expect(summary).not.toContain('[pwned]')
    expect(summary).not.toContain('<script>')
    expect(summary).not.toContain('::warning')
    expect(summary).toContain('| Status | unknown |')
    expect(summary).toContain(
      '| \\[pwned\\]\\(https:\\/\\/evil\\.example\\)&lt;script&gt; | unknown | unknown | — | [#11](https://',
    )
    expect(summary).toContain('[#10 evil\\_\\*\\*bold\\*\\*](https://')
    expect(summary).toContain('Failed: the server said: \\[x\\]\\(y\\)')
  })
})

describe('the outputs', () => {
  it('hold only known statuses and results, and no value adds an output', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'debusine-ts-outputs-')), 'output')
    writeFileSync(file, '')
    const report: Report = {
      request: request({ status: 'pending\nid=666', result: 'x\nresult<<EOF\n666\nEOF' }),
      children: [],
      childrenNote: '',
      childrenShown: 'all',
      uploaded: [],
      headline: '',
      failed: false,
      webUrl: () => safeWebUrl('https://host.example/a\n::warning::b', 'https://host.example/'),
    }
    const outputs = outputsOf(report)
    expect(outputs).toMatchObject({
      status: 'unknown',
      result: 'unknown',
      url: 'https://host.example/a::warning::b',
    })
    setOutputs(collecting({ GITHUB_OUTPUT: file }), { ...outputs, note: 'a\nid=666\nb' })
    const written = readFileSync(file, 'utf8')
    const names = [...written.matchAll(/^([^\n<=]+)<<(ghadelimiter_[0-9a-f-]{36})$/gm)].map(
      (match) => match[1],
    )
    expect(names).toEqual([...Object.keys(outputs), 'note'])
    expect(() => setOutputs(collecting({ GITHUB_OUTPUT: file }), { 'a\nb': '' })).toThrow(/Output 'a\nb'/)
    const logged = collecting()
    setOutputs(logged, { status: 'x\n::warning::y' })
    expect(commandLines(logged.text())).toEqual([])
  })

  it('a web page URL that is not http(s) falls back', () => {
    expect(safeWebUrl('javascript:alert(1)', 'https://host.example/')).toBe('https://host.example/')
    expect(safeWebUrl('not a url', 'https://host.example/')).toBe('https://host.example/')
    expect(safeWebUrl('https://host.example/a#x##[warning]y', '')).toBe('https://host.example/a')
  })
})
