import { isAbsolute, relative, resolve, sep } from 'node:path'
import type { Artifact, FileResponse } from '@debusine-ts/models'
import { encodePathSegment, pickRequestOptions } from '@debusine-ts/transport'
import type { ClientContext } from '../internal/client-context.js'
import { unsafeEntryName } from '../internal/transfers/entry-name.js'
import { tarballByteLimit } from '../internal/transfers/tarball-bound.js'
import {
  checkDestination,
  VerifiedFile,
  verifyingStream,
  type ExpectedContent,
  type WriteVerifiedInput,
} from '../internal/transfers/download-file.js'
import { downloadResumable } from '../internal/transfers/download-resume.js'
import { transferOf } from '../internal/transfers/download-transfer.js'
import { ArtifactDownloadError } from '../errors/artifact-errors.js'
import type { ArtifactDownloadOptions, ArtifactDownloadToOptions } from './options.js'
import { byPath } from './paths.js'
import { DEFAULT_PROGRESS_TIMEOUT_MS, DEFAULT_STALL_TIMEOUT_MS } from './upload.js'

// The server's own choice between one tarball and one request per file (docs/protocol.md §6).
const TARBALL_MAX_FILE_SIZE = 20 * 1024 * 1024
const TARBALL_MAX_TOTAL_SIZE = 100 * 1024 * 1024

/** The URL of one file, with the path percent-encoded (the server appends it raw: `#` or `?` would break it). */
function fileUrl(file: FileResponse, pathInArtifact: string): string {
  if (!file.url.endsWith(pathInArtifact)) return file.url
  const encoded = pathInArtifact.split('/').map(encodePathSegment).join('/')
  return file.url.slice(0, file.url.length - pathInArtifact.length) + encoded
}

function expectedContent(file: FileResponse): ExpectedContent {
  return { size: file.size, sha256: file.checksums.sha256 }
}

/** The bound of the artifact's tarball: what its files' declared sizes and tar's framing allow. */
function tarballLimitOf(artifact: Artifact): number {
  return tarballByteLimit(Object.entries(artifact.files).map(([name, file]) => [name, file.size] as const))
}

/** Path in the artifact → what it must be, for every file the server holds completely. */
function completeFiles(artifact: Artifact): Map<string, ExpectedContent> {
  const incomplete = new Set(artifact.files_to_upload)
  return new Map(
    Object.entries(artifact.files)
      .filter(([name]) => !incomplete.has(name))
      .sort(([a], [b]) => byPath(a, b))
      .map(([name, file]) => [name, expectedContent(file)]),
  )
}

/** Where a path of the artifact goes under `directory`, refusing paths that would leave it. */
function destinationOf(artifactId: number, directory: string, name: string): string {
  const why = unsafeEntryName(name)
  const target = resolve(directory, name)
  const fromRoot = relative(resolve(directory), target)
  if (why !== undefined || fromRoot === '' || fromRoot.split(sep)[0] === '..' || isAbsolute(fromRoot)) {
    throw new ArtifactDownloadError(
      'unsafe_archive_entry',
      `Artifact ${artifactId} has a file "${name}" that cannot be written under "${directory}": ${why ?? 'it points outside the destination'}.`,
      { artifactId, path: name },
    )
  }
  return target
}

/** The file of the artifact at `pathInArtifact`, which must be complete on the server. */
export function completeFile(artifact: Artifact, pathInArtifact: string): FileResponse {
  const file = artifact.files[pathInArtifact]
  if (file === undefined || artifact.files_to_upload.includes(pathInArtifact)) {
    throw new ArtifactDownloadError(
      'missing_file',
      file === undefined
        ? `Artifact ${artifact.id} has no file "${pathInArtifact}" (its files: ${Object.keys(artifact.files).sort(byPath).join(', ') || 'none'}).`
        : `File "${pathInArtifact}" of artifact ${artifact.id} is not complete on the server yet: upload it first.`,
      { artifactId: artifact.id, path: pathInArtifact },
    )
  }
  return file
}

/** Refuse an artifact whose upload never finished, unless only its complete files are wanted. */
function checkComplete(artifact: Artifact, options: ArtifactDownloadToOptions, complete: number): void {
  const incomplete = [...artifact.files_to_upload].sort(byPath)
  if (incomplete.length === 0 || (options.completeFilesOnly === true && complete > 0)) return
  const what =
    options.completeFilesOnly === true
      ? 'none of its files is complete'
      : `${incomplete.length} of its ${Object.keys(artifact.files).length} file(s) were never fully uploaded: ${incomplete.join(', ')}`
  throw new ArtifactDownloadError(
    'incomplete_artifact',
    `Artifact ${artifact.id} is incomplete: ${what}. Nothing was downloaded. ` +
      (options.completeFilesOnly === true
        ? 'Finish its upload (run the upload again to resume it) first.'
        : 'Finish its upload (run the upload again to resume it), or ask for the complete files only (completeFilesOnly).'),
    { artifactId: artifact.id, path: incomplete[0] },
  )
}

/** {@link Artifacts.openFile} once the artifact is known. */
export async function openFile(
  context: ClientContext,
  artifact: Artifact,
  pathInArtifact: string,
  options: ArtifactDownloadOptions,
): Promise<ReadableStream<Uint8Array>> {
  const file = completeFile(artifact, pathInArtifact)
  const response = await context.transport.stream('GET', fileUrl(file, pathInArtifact), {
    ...pickRequestOptions(options),
    expectedStatus: 200,
  })
  const body = response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
  return body.pipeThrough(verifyingStream(expectedContent(file), artifact.id, pathInArtifact))
}

/** Download `url` into a verified file, resuming cut transfers with `Range` (see {@link downloadResumable}). */
async function downloadUrl(
  context: ClientContext,
  url: string,
  target: WriteVerifiedInput,
  options: ArtifactDownloadOptions,
): Promise<void> {
  const file = await VerifiedFile.create(target)
  try {
    await downloadResumable({
      artifactId: target.artifactId,
      path: target.path,
      file,
      size: target.expected?.size,
      stallTimeout: options.stallTimeout ?? DEFAULT_STALL_TIMEOUT_MS,
      progressTimeout: options.progressTimeout ?? DEFAULT_PROGRESS_TIMEOUT_MS,
      signal: options.signal,
      transfer: transferOf({ transport: context.transport, url, headers: options.headers }, file),
    })
    await file.commit()
  } catch (error) {
    await file.discard()
    throw error
  }
}

/** {@link Artifacts.downloadFile} once the artifact is known. */
export async function downloadFile(
  context: ClientContext,
  artifact: Artifact,
  pathInArtifact: string,
  destinationFile: string,
  options: ArtifactDownloadOptions,
): Promise<FileResponse> {
  const file = completeFile(artifact, pathInArtifact)
  let loaded = 0
  const target: WriteVerifiedInput = {
    artifactId: artifact.id,
    path: pathInArtifact,
    destination: destinationFile,
    expected: expectedContent(file),
    signal: options.signal,
    onBytes: (bytes) => {
      loaded += bytes
      options.onProgress?.({ path: pathInArtifact, loaded, total: file.size })
    },
  }
  await downloadUrl(context, fileUrl(file, pathInArtifact), target, options)
  return file
}

/** Save the artifact's `.tar.gz` as it is, bounded by what its files' sizes allow. */
async function downloadTarball(
  context: ClientContext,
  artifact: Artifact,
  directory: string,
  options: ArtifactDownloadToOptions,
): Promise<void> {
  const name = `artifact-${artifact.id}.tar.gz`
  let loaded = 0
  const target: WriteVerifiedInput = {
    artifactId: artifact.id,
    path: name,
    destination: resolve(directory, name),
    root: resolve(directory),
    expected: undefined,
    maxBytes: tarballLimitOf(artifact),
    signal: options.signal,
    onBytes: (bytes) => {
      loaded += bytes
      options.onProgress?.({ path: name, loaded, total: undefined })
    },
  }
  await downloadUrl(context, artifact.download_tar_gz_url, target, options)
}

/** Fetch the artifact's `.tar.gz` and extract the `expected` files as it streams in. */
async function extractFromTarball(
  context: ClientContext,
  artifact: Artifact,
  directory: string,
  expected: ReadonlyMap<string, ExpectedContent>,
  options: ArtifactDownloadToOptions,
  onBytes: (name: string, bytes: number) => void,
): Promise<void> {
  const response = await context.transport.stream('GET', artifact.download_tar_gz_url, {
    ...pickRequestOptions(options),
    expectedStatus: 200,
  })
  const body = response.body ?? new ReadableStream<Uint8Array>({ start: (controller) => controller.close() })
  try {
    // The tar reader loads only for a tarball download.
    const { extractTarball } = await import('../internal/transfers/tarball-extract.js')
    await extractTarball(body, {
      artifactId: artifact.id,
      directory,
      expected,
      maxBytes: tarballLimitOf(artifact),
      signal: options.signal,
      onBytes,
    })
  } finally {
    await body.cancel().catch(() => undefined)
  }
}

/** {@link Artifacts.downloadTo} once the artifact is known. */
export async function downloadArtifact(
  context: ClientContext,
  artifact: Artifact,
  directory: string,
  options: ArtifactDownloadToOptions,
): Promise<Artifact> {
  const expected = completeFiles(artifact)
  checkComplete(artifact, options, expected.size)
  if (options.tarball === true) {
    await downloadTarball(context, artifact, directory, options)
    return artifact
  }
  const root = resolve(directory)
  const destinations = new Map(
    [...expected.keys()].map((name) => [name, destinationOf(artifact.id, directory, name)]),
  )
  // Every destination is checked before a byte is fetched or a directory made.
  for (const [name, destination] of destinations) {
    await checkDestination(artifact.id, name, root, destination)
  }
  const total = [...expected.values()].reduce((sum, content) => sum + content.size, 0)
  let loaded = 0
  const progress = (name: string, bytes: number): void => {
    loaded += bytes
    options.onProgress?.({ path: name, loaded, total })
  }
  const sizes = [...expected.values()].map((content) => content.size)
  const asTarball =
    expected.size !== 1 &&
    sizes.every((size) => size <= TARBALL_MAX_FILE_SIZE) &&
    total < TARBALL_MAX_TOTAL_SIZE
  if (asTarball) {
    await extractFromTarball(context, artifact, directory, expected, options, progress)
    return artifact
  }
  for (const [name, destination] of destinations) {
    const file = artifact.files[name] as FileResponse
    const target: WriteVerifiedInput = {
      artifactId: artifact.id,
      path: name,
      destination,
      root,
      expected: expectedContent(file),
      signal: options.signal,
      onBytes: (bytes) => progress(name, bytes),
    }
    await downloadUrl(context, fileUrl(file, name), target, options)
  }
  return artifact
}
