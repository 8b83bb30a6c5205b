import { CliError, type HandlerOf, progressBar } from '@debusine-ts/cli-kit'
import type { WorkflowOutputFilter } from '@debusine-ts/client'
import type { Artifact } from '@debusine-ts/models'
import type { workflowCommands } from '../workflow.commands.js'
import { downloadInto, writableDirectory } from '../artifact-download.js'
import { showProgress } from '../artifact.js'
import { trackRequest } from '../interrupt-status.js'

/** How many artifacts download at once: a few streams, not one per artifact. */
const PARALLEL_DOWNLOADS = 3

/** The filters in the order they narrow, each with the option that sets it. */
const FILTER_OPTIONS = [
  ['category', '--category'],
  ['architecture', '--architecture'],
  ['package', '--package'],
] as const

/**
 * The first filter (in {@link FILTER_OPTIONS}' order) after which nothing of `outputs` is
 * left, as its option and value; undefined when something matches them all.
 */
export function emptyingFilter(
  outputs: readonly Artifact[],
  filter: WorkflowOutputFilter,
  matches: (artifact: Artifact, filter: WorkflowOutputFilter) => boolean,
): string | undefined {
  const applied: WorkflowOutputFilter = {}
  for (const [key, option] of FILTER_OPTIONS) {
    if (filter[key] === undefined) continue
    applied[key] = filter[key]
    if (!outputs.some((artifact) => matches(artifact, applied))) return `${option} '${filter[key]}'`
  }
  return outputs.some((artifact) => matches(artifact, applied)) ? undefined : 'the workflow has no output'
}

/** Run `work` on each item, at most `limit` at once; resolves with the results in order. */
export async function inPool<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = new Array<Result>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** `workflow download`: the matching outputs of a workflow's leaves, verified, a few at once. */
export const download: HandlerOf<typeof workflowCommands.download> = async (context, values) => {
  const directory = await writableDirectory(context, values.targetDirectory)
  const client = await context.client()
  const { workflowOutputs, matchesOutput } = await import('@debusine-ts/client')
  const filter = { category: values.category, architecture: values.architecture, package: values.package }
  const outputs = await workflowOutputs(client, values.id, {}, { signal: context.signal })
  const empty = emptyingFilter(outputs, filter, matchesOutput)
  if (empty !== undefined) {
    throw new CliError(`No output of workflow ${values.id} matches ${empty}`, {
      hint: `'debusine-ts workflow failures ${values.id}' names what failed; drop or change the filter.`,
    })
  }
  const wanted = outputs.filter((artifact) => matchesOutput(artifact, filter))
  trackRequest(
    context,
    `the download of workflow ${values.id}'s outputs into ${directory} did not complete; no partial file is left under a final name; run the same command again into an empty directory to download everything.`,
  )
  const bar = progressBar(context.io.stderr, showProgress(context))
  let written: Artifact[]
  try {
    written = await inPool(wanted, PARALLEL_DOWNLOADS, (artifact) =>
      downloadInto(context, client, artifact.id, directory, { bar }),
    )
  } finally {
    bar.done()
  }
  const rows = written.map((artifact) => ({
    artifact_id: artifact.id,
    category: artifact.category,
    files: Object.keys(artifact.files),
  }))
  context.feedback(`${rows.length} artifact(s) of workflow ${values.id} downloaded to ${directory}`)
  await context.print({
    json: { result: 'success', directory, artifacts: rows },
    human: () => rows.flatMap((row) => row.files.map((file) => `${row.artifact_id}\t${file}\n`)).join(''),
  })
}
