import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileRequestFromPath, UploadArtifact } from '@debusine-ts/artifacts'
import { TaskName, TaskType, type Artifact, type WorkRequest } from '@debusine-ts/models'
import type { Artifacts } from '../artifacts/artifacts.js'
import type { WorkRequests } from '../work-requests/work-requests.js'
import type { UploadSigner } from './debsign.js'
import { ExternalDebsignError } from './external-debsign-error.js'

/** Options of `client.debian.signUpload`. */
export interface SignUploadOptions {
  /** What signs the `.changes` (and the `.dsc`/`.buildinfo` it lists), e.g. `debsign()`. */
  signer: UploadSigner
  /**
   * A local copy of the unsigned upload's `.changes`: its `.changes`, `.dsc` and
   * `.buildinfo` are taken from its directory (each checked against the server's size and
   * SHA-256) instead of being downloaded.
   */
  localChangesFile?: string | undefined
  /** Aborts the signing (downloads, the signer, the upload). */
  signal?: AbortSignal | undefined
  /** Called once the signed upload is on the server, before the work request is completed. */
  onSignedUpload?: ((artifact: Artifact) => void) | undefined
}

/** What `client.debian.signUpload` did. */
export interface SignedUpload {
  /** The work request, now completed. */
  workRequest: WorkRequest
  /** The upload that was signed. */
  unsigned: Artifact
  /** The new signed upload (its unchanged files are those of the unsigned one). */
  signed: Artifact
}

/** The resource namespaces signing uses. */
export interface SignUploadResources {
  artifacts: Artifacts
  workRequests: WorkRequests
}

// The files debsign changes; the others stay on the server (declared as remote files).
const signedSuffixes = ['.changes', '.dsc', '.buildinfo']

/** The unsigned upload a running `Wait/externaldebsign` work request waits for. */
async function unsignedUpload(
  resources: SignUploadResources,
  id: number,
  signal: AbortSignal | undefined,
): Promise<Artifact> {
  const request = await resources.workRequests.get(id, { signal })
  if (request.task_type !== TaskType.WAIT || request.task_name !== TaskName.EXTERNAL_DEBSIGN) {
    throw new ExternalDebsignError(
      'not_external_debsign',
      `Work request ${id} is a ${request.task_type}/${request.task_name} work request: only ` +
        `${TaskType.WAIT}/${TaskName.EXTERNAL_DEBSIGN} work requests can be signed here.`,
      { workRequestId: id },
    )
  }
  const pending = await resources.workRequests.externalDebsign(id, { signal })
  const unsignedId = (pending.dynamic_task_data as { unsigned_id?: unknown } | null)?.unsigned_id
  if (typeof unsignedId !== 'number') {
    throw new ExternalDebsignError(
      'no_unsigned_upload',
      `Work request ${id} does not name the upload to sign (no unsigned_id in its dynamic data).`,
      { workRequestId: id },
    )
  }
  return resources.artifacts.get(unsignedId, { signal })
}

/** Copy `name` from `from` into `to`, then check the copy's size and SHA-256 (streamed) against the server's. */
async function copyChecked(
  unsigned: Artifact,
  name: string,
  from: string,
  to: string,
  workRequestId: number,
  signal: AbortSignal | undefined,
): Promise<void> {
  const expected = unsigned.files[name]
  const source = join(from, name)
  const copy = join(to, name)
  try {
    await copyFile(source, copy)
  } catch (error) {
    throw new ExternalDebsignError(
      'local_file_invalid',
      `Cannot use ${source}: ${(error as Error).message}`,
      {
        workRequestId,
        cause: error,
      },
    )
  }
  // Hashing the copy, not the source, checks exactly the bytes that get signed.
  const actual = await fileRequestFromPath(copy, { signal })
  if (actual.size !== expected?.size || actual.checksums.sha256 !== expected.checksums.sha256) {
    throw new ExternalDebsignError(
      'local_file_mismatch',
      `${source} differs from the file of artifact ${unsigned.id} (${actual.size} bytes, SHA-256 ` +
        `${actual.checksums.sha256}; the server has ${String(expected?.size)} bytes, SHA-256 ` +
        `${String(expected?.checksums.sha256)}). Leave out the local file to download the unsigned upload.`,
      { workRequestId },
    )
  }
}

async function checkLocalChanges(path: string, unsigned: Artifact, workRequestId: number): Promise<void> {
  const expected = Object.keys(unsigned.files).find((name) => name.endsWith('.changes'))
  let problem: string | undefined
  if (!path.endsWith('.changes')) problem = 'is not a .changes file'
  else if ((await stat(path).catch(() => undefined)) === undefined) problem = 'does not exist'
  else if (unsigned.files[basename(path)] === undefined) {
    problem = `is not part of artifact ${unsigned.id}. Expecting '${String(expected)}'`
  }
  if (problem !== undefined) {
    throw new ExternalDebsignError('local_file_invalid', `--local-file '${path}' ${problem}.`, {
      workRequestId,
    })
  }
}

/**
 * Sign the upload a `Wait/externaldebsign` work request waits for; see
 * `client.debian.signUpload`.
 */
export async function signUpload(
  resources: SignUploadResources,
  workRequestId: number,
  options: SignUploadOptions,
): Promise<SignedUpload> {
  const { signal, localChangesFile } = options
  const unsigned = await unsignedUpload(resources, workRequestId, signal)
  if (localChangesFile !== undefined) await checkLocalChanges(localChangesFile, unsigned, workRequestId)
  const directory = await mkdtemp(join(tmpdir(), 'debusine-ts-debsign-'))
  try {
    // Only plain names: an upload's files sit at its root, and nothing may land outside `directory`.
    const names = Object.keys(unsigned.files).filter(
      (name) => !name.includes('/') && signedSuffixes.some((suffix) => name.endsWith(suffix)),
    )
    for (const name of names) {
      if (localChangesFile === undefined) {
        await resources.artifacts.downloadFile(unsigned, name, join(directory, name), { signal })
      } else {
        await copyChecked(unsigned, name, dirname(localChangesFile), directory, workRequestId, signal)
      }
    }
    const changes = names.find((name) => name.endsWith('.changes'))
    if (changes === undefined) {
      throw new ExternalDebsignError(
        'no_unsigned_upload',
        `Artifact ${unsigned.id}, the upload of work request ${workRequestId}, has no .changes file to sign.`,
        { workRequestId },
      )
    }
    const changesFile = join(directory, changes)
    await options.signer(changesFile, { signal })
    const local = await UploadArtifact.create({ changesFile, allowRemote: true }, { signal })
    const signed = await resources.artifacts.upload(local, { workspace: unsigned.workspace, signal })
    options.onSignedUpload?.(signed)
    const workRequest = await resources.workRequests.completeExternalDebsign(
      workRequestId,
      { signedArtifact: signed.id },
      { signal },
    )
    return { workRequest, unsigned, signed }
  } finally {
    await rm(directory, { recursive: true, force: true })
  }
}
