import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import type { Artifact } from '@debusine-ts/models'
import { CliError } from '../cli-error.js'
import type { CommandContext } from '../command-context.js'
import { shaped, workRequestShape } from '../python-shapes.js'
import { workRequestFields } from './render.js'

/** Copy the artifact's files from a local directory, each checked against its size and SHA-256. */
async function copyLocalFiles(artifact: Artifact, from: string, to: string): Promise<void> {
  for (const [name, file] of Object.entries(artifact.files)) {
    const source = join(from, name)
    const expected = file.checksums.sha256
    let content: Buffer
    try {
      if ((await stat(source)).size !== file.size)
        throw new Error(`size differs from the server's (${file.size} bytes)`)
      content = await readFile(source)
    } catch (error) {
      throw new CliError(`Cannot use ${source}: ${(error as Error).message}`, {
        hint: 'Leave out --local-file to download the files of the unsigned upload.',
      })
    }
    if (expected !== undefined && createHash('sha256').update(content).digest('hex') !== expected) {
      throw new CliError(`${source} differs from the file of artifact ${artifact.id} (SHA-256 mismatch).`)
    }
    await copyFile(source, join(to, name))
  }
}

function runDebsign(
  changes: string,
  extraArguments: readonly string[],
  context: CommandContext,
): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('debsign', ['--re-sign', changes, ...extraArguments], {
      cwd: dirname(changes),
      stdio: ['inherit', 'inherit', 'inherit'],
      env: context.io.env,
    })
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new CliError('debsign is not installed.', { hint: 'Install the devscripts package.' })
          : error,
      ),
    )
    child.on('exit', (code) =>
      code === 0 ? resolvePromise() : reject(new CliError(`debsign failed (exit status ${String(code)}).`)),
    )
  })
}

/**
 * `work-request sign`: for a work request waiting for an external debsign, get the
 * unsigned upload (downloaded, or copied from `--local-file`'s directory after checking
 * each file), sign its `.changes` with `debsign --re-sign`, upload the signed upload to
 * the unsigned one's workspace, and complete the work request with it.
 */
export async function sign(context: CommandContext): Promise<undefined> {
  const id = context.arguments.WORK_REQUEST_ID as number
  const client = await context.client()
  const request = await client.workRequests.get(id, { signal: context.signal })
  if (request.task_type !== 'Wait' || request.task_name !== 'externaldebsign') {
    throw new CliError(
      `Work request ${id} is a ${request.task_type}/${request.task_name} work request: only Wait/externaldebsign work requests can be signed here.`,
    )
  }
  const pending = await client.workRequests.externalDebsign(id, { signal: context.signal })
  const unsignedId = (pending.dynamic_task_data as { unsigned_id?: unknown } | null)?.unsigned_id
  if (typeof unsignedId !== 'number') {
    throw new CliError(
      `Work request ${id} does not name the upload to sign (no unsigned_id in its dynamic data).`,
    )
  }
  const directory = await mkdtemp(join(tmpdir(), 'debusine-ts-sign-'))
  try {
    const localFile = context.string('local-file')
    let unsigned: Artifact
    if (localFile === undefined) {
      unsigned = await client.artifacts.downloadTo(unsignedId, directory, { signal: context.signal })
    } else {
      unsigned = await client.artifacts.get(unsignedId, { signal: context.signal })
      await copyLocalFiles(unsigned, dirname(resolve(context.io.cwd, localFile)), directory)
    }
    const changes = Object.keys(unsigned.files).find((name) => name.endsWith('.changes'))
    if (changes === undefined) throw new CliError(`Artifact ${unsignedId} has no .changes file to sign.`)
    await runDebsign(
      join(directory, basename(changes)),
      (context.arguments.DEBSIGN_ARGS as string[] | undefined) ?? [],
      context,
    )
    const { UploadArtifact } = await import('@debusine-ts/artifacts')
    const local = await UploadArtifact.create({ changesFile: join(directory, basename(changes)) })
    // The files the signature did not change are already on the server: only new ones are sent.
    const signed = await client.artifacts.upload(local, {
      workspace: unsigned.workspace,
      signal: context.signal,
    })
    context.feedback(`Signed upload: artifact ${signed.id}`)
    const completed = await client.workRequests.completeExternalDebsign(
      id,
      { signedArtifact: signed.id },
      { signal: context.signal },
    )
    context.print({
      json: completed,
      yaml: shaped(completed, workRequestShape),
      human: () => workRequestFields(completed, client.webuiUrl(completed.url)),
    })
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
  return undefined
}
