import type { WebPageKind, WebPageOf } from '@debusine-ts/client'
import type { Artifact, WorkRequest } from '@debusine-ts/models'
import { shownChildren, type ChildrenShown } from './children.js'
import { markdownText, markdownUrl } from './markdown.js'
import { stateText } from './outcome.js'
import { failedLeavesMarkdown, failedLeavesText, type FailedLeaf } from './failed-leaves.js'
import { shownResult, shownStatus } from './server-values.js'

/** What one run of the action did, for its job summary and outputs. */
export interface Report {
  /** The work request or workflow started or waited for, in its last known state. */
  request: WorkRequest | undefined
  /** Its children (a workflow's work requests), oldest first. */
  children: readonly WorkRequest[]
  /** Why `children` may lack some (a search stopped early, a server that cannot tell), in markdown; '' when complete. */
  childrenNote: string
  /** Which children the summary lists (`children` input). */
  childrenShown: ChildrenShown
  /** The artifacts `import-debian` uploaded. */
  uploaded: readonly Artifact[]
  /** How the run ended, in one line of markdown, server text in it escaped (`Completed`, `Timed out after 600 s`, an error). */
  headline: string
  /** Whether the step failed. */
  failed: boolean
  /** A finished workflow's failed leaves, classified, with their log tails (none when not read). */
  failedLeaves?: readonly FailedLeaf[]
  /** The web page of a work request or artifact (`DebusineClient.webPageUrl`). */
  webUrl: (kind: WebPageKind, resource: WebPageOf) => string
}

/** A markdown link to `url`, whose text is markdown already. */
function link(markdown: string, url: string): string {
  return `[${markdown}](${markdownUrl(url)})`
}

function resultCell(request: WorkRequest): string {
  const result = shownResult(request)
  return result === '' ? '—' : result
}

/** Seconds as `1 h 02 min 03 s`, `4 min 05 s`, `6 s`; empty when unknown. */
export function durationText(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return ''
  const whole = Math.round(seconds)
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  if (hours > 0)
    return `${hours} h ${String(minutes).padStart(2, '0')} min ${String(rest).padStart(2, '0')} s`
  if (minutes > 0) return `${minutes} min ${String(rest).padStart(2, '0')} s`
  return `${rest} s`
}

function producedArtifacts(report: Report): number[] {
  const ids = [report.request, ...report.children].flatMap((request) => request?.artifacts ?? [])
  return [...new Set(ids)].sort((a, b) => a - b)
}

function requestLines(report: Report, request: WorkRequest): string[] {
  const kind = request.task_type === 'Workflow' ? 'Workflow' : 'Work request'
  return [
    '| | |',
    '| --- | --- |',
    `| ${kind} | ${link(`#${request.id} ${markdownText(request.task_name)}`, report.webUrl('work-request', request))} |`,
    `| Status | ${shownStatus(request)} |`,
    `| Result | ${resultCell(request)} |`,
    `| Duration | ${durationText(request.duration) || '—'} |`,
    '',
  ]
}

function childLines(report: Report): string[] {
  const shown = shownChildren(report.children, report.childrenShown)
  const partial = report.childrenNote === '' ? [] : [report.childrenNote, '']
  if (shown.length === 0) return report.childrenShown === 'none' ? [] : partial
  return [
    report.childrenShown === 'qa' ? '### QA work requests' : '### Work requests',
    '',
    ...partial,
    '| Task | Status | Result | Duration | Link |',
    '| --- | --- | --- | --- | --- |',
    ...shown.map(
      (child) =>
        `| ${markdownText(child.task_name)} | ${shownStatus(child)} | ${resultCell(child)} | ` +
        `${durationText(child.duration) || '—'} | ${link(`#${child.id}`, report.webUrl('work-request', child))} |`,
    ),
    '',
  ]
}

function artifactLines(report: Report): string[] {
  const lines = report.uploaded.map(
    (artifact) =>
      `- Uploaded ${link(`#${artifact.id} ${markdownText(artifact.category)}`, report.webUrl('artifact', artifact))}`,
  )
  const { request } = report
  if (request !== undefined) {
    for (const id of producedArtifacts(report)) {
      lines.push(
        `- Produced ${link(`#${id}`, report.webUrl('artifact', { id, workspace: request.workspace }))}`,
      )
    }
  }
  return lines.length === 0 ? [] : ['### Artifacts', '', ...lines, '']
}

/** The job summary of a run, in GitHub-flavoured markdown. */
export function summaryMarkdown(report: Report): string {
  const { request } = report
  const mark = report.failed ? '❌' : '✅'
  const title =
    request === undefined
      ? `## ${mark} Debusine: ${report.headline}`
      : `## ${mark} Debusine ${request.task_type === 'Workflow' ? 'workflow' : 'work request'} #${request.id}: ${stateText(request)}`
  const lines = [title, '']
  if (request !== undefined) lines.push(report.headline, '', ...requestLines(report, request))
  lines.push(
    ...childLines(report),
    ...failedLeavesMarkdown(report.failedLeaves ?? []),
    ...artifactLines(report),
  )
  return `${lines.join('\n').trimEnd()}\n`
}

/** The step's outputs (README "Outputs"); a status or result the action does not know is `unknown`. */
export function outputsOf(report: Report): Record<string, string> {
  const { request } = report
  return {
    id: request === undefined ? '' : String(request.id),
    status: request === undefined ? '' : shownStatus(request),
    result: request === undefined ? '' : shownResult(request),
    url: request === undefined ? '' : report.webUrl('work-request', request),
    'child-ids': report.children.map((child) => child.id).join(','),
    'artifact-ids': producedArtifacts(report).join(','),
    'uploaded-artifact-ids': report.uploaded.map((artifact) => artifact.id).join(','),
    'failed-leaves': failedLeavesText(report.failedLeaves ?? []),
  }
}
