import { DebusineClient, workflowChildren, WorkRequestWaitTimeoutError } from '@debusine-ts/client'
import { CompletionEvents } from '@debusine-ts/events'
import { ServerTooOldError, type WorkRequest } from '@debusine-ts/models'
import { InputError, readInputs, type ActionInputs } from './inputs.js'
import { exitStatuses, failsStep, stateText } from './outcome.js'
import { failedLeaves } from './failed-leaves.js'
import { markdownText } from './markdown.js'
import {
  addMask,
  annotateError,
  annotateWarning,
  appendSummary,
  logLine,
  readInput,
  setOutputs,
  type RunnerIo,
} from './runner.js'
import { safeWebUrl } from './server-values.js'
import { outputsOf, summaryMarkdown, type Report } from './summary.js'
import { ServerAwayError, waitThroughOutages } from './wait.js'

/** `data` with `value` at the dotted `path` (`input.source_artifact`), parents made as needed. */
export function withValueAt(
  data: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const [head = '', ...rest] = path.split('.')
  if (rest.length === 0) return { ...data, [head]: value }
  const inner = data[head]
  const base =
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? (inner as Record<string, unknown>)
      : {}
  return { ...data, [head]: withValueAt(base, rest.join('.'), value) }
}

/** Record a workflow's work requests in the report (none for a plain work request). */
async function addChildren(client: DebusineClient, report: Report, root: WorkRequest): Promise<void> {
  try {
    const found = await workflowChildren(client, root)
    report.children = found.children
    if (!found.complete)
      report.childrenNote = 'Only the work requests found among the newest on the server are listed.'
  } catch (error) {
    if (!ServerTooOldError.isInstance(error)) throw error
    report.childrenNote =
      `The server runs Debusine ${markdownText(error.serverVersion)}, whose work requests do not name their workflow ` +
      `(${error.since} and later do): they are not listed.`
  }
}

/** Start what the inputs ask for (or read what to wait for); undefined for an import alone. */
async function start(
  client: DebusineClient,
  inputs: ActionInputs,
  io: RunnerIo,
  report: Report,
): Promise<WorkRequest | undefined> {
  if (inputs.mode === 'wait') return client.workRequests.get(inputs.id ?? 0)
  let { taskData } = inputs
  if (inputs.mode === 'import-debian') {
    const imported = await client.debian.import(inputs.file ?? '', {
      workspace: inputs.workspace,
      resume: true,
    })
    report.uploaded = [imported.artifact, ...imported.related]
    for (const artifact of report.uploaded)
      logLine(io, `Uploaded artifact #${artifact.id} (${artifact.category})`)
    if (inputs.template === undefined) return undefined
    if (inputs.artifactParameter !== undefined) {
      taskData = withValueAt(taskData, inputs.artifactParameter, imported.artifact.id)
    }
  }
  return client.workflows.start({ templateName: inputs.template, workspace: inputs.workspace, taskData })
}

async function perform(
  client: DebusineClient,
  inputs: ActionInputs,
  io: RunnerIo,
  report: Report,
): Promise<number> {
  const started = await start(client, inputs, io, report)
  report.request = started
  if (started === undefined) {
    report.headline = `Uploaded ${report.uploaded.length} artifact(s).`
    return exitStatuses.success
  }
  logLine(
    io,
    `Work request #${started.id} (${stateText(started)}): ${report.webUrl('work-request', started)}`,
  )
  if (!inputs.wait) {
    report.headline = 'Started; not waited for (`wait: false`).'
    return exitStatuses.success
  }
  const final = await waitThroughOutages(new CompletionEvents(client), started, {
    timeoutMs: inputs.timeout === undefined ? undefined : inputs.timeout * 1000,
    pollIntervalMs: inputs.pollInterval * 1000,
    onOutage: (error) => logLine(io, `The server could not be reached (${error.message}); waiting on.`),
  })
  report.request = final
  await addChildren(client, report, final)
  report.failedLeaves = await failedLeaves(client, final)
  report.failed = failsStep(
    final,
    inputs.failOn,
    report.failedLeaves.map((leaf) => leaf.failureClass),
  )
  report.headline = report.failed
    ? `Finished: ${stateText(final)}, which fails the step (\`fail-on: ${inputs.failOn}\`).`
    : `Finished: ${stateText(final)}.`
  logLine(io, `Work request #${final.id} ${stateText(final)}`)
  if (!report.failed && inputs.failOn === 'build') {
    for (const leaf of report.failedLeaves.filter((one) => one.failureClass === 'qa'))
      annotateWarning(
        io,
        `Work request #${leaf.id} (${leaf.taskName}) failed: a qa failure, which does not fail the step (\`fail-on: build\`)`,
        'Debusine: qa',
      )
  }
  if (report.failed) {
    annotateError(
      io,
      `Work request #${final.id} ${stateText(final)}: ${report.webUrl('work-request', final)}`,
      'Debusine',
    )
  }
  return report.failed ? exitStatuses.failed : exitStatuses.success
}

async function failure(
  client: DebusineClient,
  io: RunnerIo,
  report: Report,
  error: unknown,
): Promise<number> {
  report.failed = true
  if (WorkRequestWaitTimeoutError.isInstance(error)) {
    report.request = error.workRequest
    await addChildren(client, report, error.workRequest).catch(() => undefined)
    report.headline = `Timed out after ${error.timeoutMs / 1000} s: the work request goes on on the server.`
    annotateError(io, `Work request #${error.workRequest.id} ${report.headline}`, 'Debusine: timeout')
    return exitStatuses.timeout
  }
  if (error instanceof ServerAwayError) {
    report.request = error.workRequest
    report.headline =
      `Timed out after ${error.timeoutMs / 1000} s: ${error.message}; ` +
      'the work request goes on on the server, its last known state is shown.'
    annotateError(io, `Work request #${error.workRequest.id} ${report.headline}`, 'Debusine: timeout')
    return exitStatuses.timeout
  }
  const message = error instanceof Error ? error.message : String(error)
  report.headline = `Failed: ${markdownText(message)}`
  annotateError(io, message, 'Debusine')
  return exitStatuses.error
}

/**
 * Run the action: read the inputs (the token masked first), start, wait, then write the
 * job summary and the outputs, on success and on failure. Returns the exit status.
 */
export async function runAction(io: RunnerIo): Promise<number> {
  addMask(io, readInput(io, 'token'))
  let inputs: ActionInputs
  try {
    inputs = readInputs(io)
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    annotateError(io, error.message, `Input '${error.input}'`)
    return exitStatuses.input
  }
  for (const warning of inputs.warnings) process.stderr.write(`Warning: ${warning}\n`)
  const client = new DebusineClient({
    apiUrl: inputs.apiUrl,
    token: inputs.token,
    scope: inputs.scope,
    workspace: inputs.workspace,
  })
  const report: Report = {
    request: undefined,
    children: [],
    childrenNote: '',
    childrenShown: inputs.children,
    uploaded: [],
    headline: '',
    failed: false,
    // A page's `url` comes from the server: only a well-formed http(s) URL is shown.
    webUrl: (kind, resource) => safeWebUrl(client.webPageUrl(kind, resource), client.webuiUrl('/')),
  }
  const status = await perform(client, inputs, io, report).catch((error: unknown) =>
    failure(client, io, report, error),
  )
  appendSummary(io, summaryMarkdown(report))
  setOutputs(io, outputsOf(report))
  return status
}
