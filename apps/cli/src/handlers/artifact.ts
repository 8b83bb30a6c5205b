import { resolve } from 'node:path'
import {
  CliError,
  type CommandContext,
  type HandlerOf,
  choiceOf,
  progressBar,
  pythonShapes,
  shapeLikePython,
  shapeArtifactLikePython,
} from '@debusine-ts/cli-kit'
import type { artifactCommands } from './artifact.commands.js'
import { trackDownload, trackUpload } from './interrupt-status.js'
import { webPage } from './render.js'
import { downloadInto, writableDirectory } from './artifact-download.js'
export { importDebian } from './import-debian.js'

/** Whether a transfer shows a progress bar: not with `--silent` or `--json`. */
export function showProgress(context: CommandContext): boolean {
  return !context.global.silent && context.format !== 'json'
}

/** `artifact create`: create, print the Python client's YAML, then upload missing files. */
export const create: HandlerOf<typeof artifactCommands.create> = async (context, values) => {
  const { LocalArtifact } = await import('@debusine-ts/artifacts')
  const category = choiceOf(values.category, LocalArtifact.artifactCategories(), 'CATEGORY', context.path)
  const data = await context.readData(values.data)
  const baseOption = values.uploadBaseDirectory
  const baseDirectory = baseOption === undefined ? undefined : resolve(context.io.cwd, baseOption)
  let local
  try {
    local = new LocalArtifact(category, data)
    for (const file of values.upload ?? []) {
      await local.addLocalFile(
        baseDirectory === undefined ? resolve(context.io.cwd, file) : file,
        baseDirectory === undefined ? {} : { baseDirectory },
      )
    }
    await local.validate()
  } catch (error) {
    if (error instanceof CliError) throw error
    throw new CliError(`Cannot create artifact: ${(error as Error).message}`, { cause: error })
  }
  const client = await context.client()
  const { UploadJournal } = await import('@debusine-ts/client')
  const journalDirectory = UploadJournal.defaultDirectory(context.io.env)
  const bar = progressBar(context.io.stderr, showProgress(context))
  let summary: Record<string, unknown> = {}
  let final
  let printed: Promise<void> | undefined
  const status = trackUpload(context, client, !values.noResume)
  try {
    // One call creates (or, after an interrupted run, continues) the artifact and sends
    // what the server lacks; the summary is printed as soon as the artifact is known.
    final = await client.artifacts.upload(local, {
      workspace: await context.workspace(values.workspace),
      expireAt: values.expireAt,
      resume: values.noResume ? false : new UploadJournal({ directory: journalDirectory }),
      signal: context.signal,
      onArtifact: (artifact) => {
        status.onArtifact(artifact)
        summary = {
          result: 'success',
          message: `New artifact created: ${webPage(client, artifact.url)}`,
          artifact_id: artifact.id,
          files_to_upload: artifact.files_to_upload.length,
          expire_at: artifact.expire_at ?? null,
        }
        // Written before the first progress line (plain data needs no library to load).
        if (context.format !== 'json') printed = context.print({ json: summary })
      },
      onNotice: (notice) => context.io.stderr.write(`${notice.message}\n`),
      onProgress: (progress) => {
        status.onProgress(progress)
        bar.update(`Uploading ${progress.path}`, progress.committed, progress.total)
      },
    })
  } finally {
    bar.done()
  }
  await printed
  if (context.format === 'json') await context.print({ json: { ...summary, artifact: final } })
}

/** `artifact show`. */
export const show: HandlerOf<typeof artifactCommands.show> = async (context, { id }) => {
  const client = await context.client()
  const artifact = await client.artifacts.get(id, { signal: context.signal })
  await context.print({ json: artifact, yaml: shapeArtifactLikePython(artifact) })
}

/** `artifact show-relations`. */
export const showRelations: HandlerOf<typeof artifactCommands.showRelations> = async (
  context,
  { id, reverse },
) => {
  const client = await context.client()
  const relations = await client.relations.list(reverse ? { target: id } : { artifact: id }, {
    signal: context.signal,
  })
  await context.print({
    json: relations,
    yaml: relations.map((relation) => shapeLikePython(relation, pythonShapes.relation)),
  })
}

/** `artifact download`: the files (or one `.tar.gz`) into the target directory. */
export const download: HandlerOf<typeof artifactCommands.download> = async (context, values) => {
  const directory = await writableDirectory(context, values.targetDirectory)
  const client = await context.client()
  const bar = progressBar(context.io.stderr, showProgress(context))
  let artifact
  trackDownload(context, client, { id: values.id, directory, tarball: values.tarball })
  try {
    artifact = await downloadInto(context, client, values.id, directory, { ...values, bar })
  } finally {
    bar.done()
  }
  context.feedback(`Artifact ${artifact.id} downloaded to ${directory}`)
  if (context.format === 'json') {
    await context.print({
      json: {
        result: 'success',
        artifact_id: artifact.id,
        directory,
        files: values.tarball ? [`artifact-${artifact.id}.tar.gz`] : Object.keys(artifact.files),
      },
    })
  }
}
