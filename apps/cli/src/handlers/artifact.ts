import { access, constants, mkdir } from 'node:fs/promises'
import { isAbsolute, resolve } from 'node:path'
import { CliError } from '../cli-error.js'
import type { CommandContext } from '../command-context.js'
import { progressBar } from '../progress.js'
import { relationShape, shaped, shapedArtifact } from '../python-shapes.js'

function showProgress(context: CommandContext): boolean {
  return !context.global.silent && context.format !== 'json'
}

/** `artifact create`: create, print the Python client's YAML, then upload missing files. */
export async function create(context: CommandContext): Promise<undefined> {
  const { LocalArtifact } = await import('@debusine-ts/artifacts')
  const category = context.arguments.CATEGORY as string
  const data = await context.readData(false)
  const baseOption = context.string('upload-base-directory')
  const baseDirectory = baseOption === undefined ? undefined : resolve(context.io.cwd, baseOption)
  let local
  try {
    if (!(LocalArtifact.artifactCategories() as string[]).includes(category)) {
      throw new CliError(`Cannot create artifact: unknown category '${category}'.`, {
        hint: `Known categories: ${LocalArtifact.artifactCategories().join(', ')}.`,
      })
    }
    local = new LocalArtifact(category as never, data as never)
    for (const file of context.strings('upload')) {
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
  const expireAt = context.string('expire-at')
  const artifact = await client.artifacts.create(local, {
    workspace: await context.workspace(),
    expireAt,
    signal: context.signal,
  })
  const summary = {
    result: 'success',
    message: `New artifact created: ${client.webuiUrl(artifact.url)}`,
    artifact_id: artifact.id,
    files_to_upload: artifact.files_to_upload.length,
    expire_at: artifact.expire_at ?? null,
  }
  if (context.format !== 'json') context.print({ json: summary })
  const bar = progressBar(context.io.stderr, showProgress(context))
  let final = artifact
  if (artifact.files_to_upload.length > 0) {
    try {
      final = await client.artifacts.uploadFiles(artifact.id, local.files, {
        workspace: artifact.workspace,
        signal: context.signal,
        onProgress: (progress) =>
          bar.update(`Uploading ${progress.path}`, progress.committed, progress.total),
      })
    } finally {
      bar.done()
    }
  }
  if (context.format === 'json') context.print({ json: { ...summary, artifact: final } })
  return undefined
}

/** `artifact show`. */
export async function show(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const artifact = await client.artifacts.get(context.arguments.ID as number, { signal: context.signal })
  context.print({ json: artifact, yaml: shapedArtifact(artifact) })
  return undefined
}

/** `artifact show-relations`. */
export async function showRelations(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const id = context.arguments.ID as number
  const relations = await client.relations.list(context.flag('reverse') ? { target: id } : { artifact: id }, {
    signal: context.signal,
  })
  context.print({ json: relations, yaml: relations.map((relation) => shaped(relation, relationShape)) })
  return undefined
}

/** `artifact download`: the files (or one `.tar.gz`) into the target directory. */
export async function download(context: CommandContext): Promise<undefined> {
  const option = context.string('target-directory')
  const directory =
    option === undefined ? context.io.cwd : isAbsolute(option) ? option : resolve(context.io.cwd, option)
  try {
    await mkdir(directory, { recursive: true })
    await access(directory, constants.W_OK)
  } catch {
    throw new CliError(`Directory ${directory} is not writable.`, {
      hint: 'Choose another with --target-directory.',
    })
  }
  const client = await context.client()
  const bar = progressBar(context.io.stderr, showProgress(context))
  let artifact
  try {
    artifact = await client.artifacts.downloadTo(context.arguments.ID as number, directory, {
      tarball: context.flag('tarball'),
      signal: context.signal,
      onProgress: (progress) => bar.update(`Downloading ${progress.path}`, progress.loaded, progress.total),
    })
  } finally {
    bar.done()
  }
  context.feedback(`Artifact ${artifact.id} downloaded to ${directory}`)
  if (context.format === 'json') {
    context.print({
      json: {
        result: 'success',
        artifact_id: artifact.id,
        directory,
        files: context.flag('tarball') ? [`artifact-${artifact.id}.tar.gz`] : Object.keys(artifact.files),
      },
    })
  }
  return undefined
}
