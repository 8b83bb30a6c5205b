import { mkdir } from 'node:fs/promises'
import { isAbsolute, relative, resolve, sep } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { SdkError } from '@debusine-ts/models'
import { extract as tarExtract, type Header as TarHeader } from 'tar-stream'
import { tarballTooLarge, boundedTarball } from './tarball-bound.js'
import { ArtifactDownloadError } from '../../errors/artifact-errors.js'
import { writeVerified, type ExpectedContent } from './download-file.js'
import { unsafeEntryName } from './entry-name.js'

/** What {@link extractTarball} extracts, and what it checks. */
export interface ExtractTarballInput {
  artifactId: number
  /** The destination directory (created if needed). */
  directory: string
  /** Path in the artifact → what the file must be: only these entries are accepted. */
  expected: ReadonlyMap<string, ExpectedContent>
  /** The most bytes the tarball may take, packed or unpacked (see `tarballByteLimit`). */
  maxBytes: number
  signal?: AbortSignal | undefined
  /** Called as file bytes are written: the entry's path and the block's length. */
  onBytes?: ((path: string, bytes: number) => void) | undefined
}

function unsafe(artifactId: number, name: string, why: string): ArtifactDownloadError {
  return new ArtifactDownloadError(
    'unsafe_archive_entry',
    `The archive of artifact ${artifactId} holds an unsafe entry "${name}": ${why}. ` +
      'It was refused and nothing was written outside the destination.',
    { artifactId, path: name },
  )
}

function unexpected(artifactId: number, name: string, why: string): ArtifactDownloadError {
  return new ArtifactDownloadError(
    'unexpected_archive_entry',
    `The archive of artifact ${artifactId} holds an unexpected entry "${name}": ${why}.`,
    { artifactId, path: name },
  )
}

/** The bytes of `body`, or nothing at all when it is empty (the server's answer for no complete file). */
async function* nonEmpty(
  body: AsyncIterable<Uint8Array>,
  seen: { bytes: number },
): AsyncGenerator<Uint8Array> {
  for await (const block of body) {
    seen.bytes += block.length
    if (block.length > 0) yield block
  }
}

/**
 * Where a tarball entry goes, checked: undefined for a directory entry (nothing to
 * write), else its path in the artifact, its destination and what it must be.
 */
function entryTarget(
  artifactId: number,
  root: string,
  header: TarHeader,
  expected: ReadonlyMap<string, ExpectedContent>,
  done: readonly string[],
): { path: string; destination: string; content: ExpectedContent } | undefined {
  const name = header.name
  const why = unsafeEntryName(name)
  if (why !== undefined) throw unsafe(artifactId, name, why)
  if (header.type === 'symlink' || header.type === 'link') {
    throw unsafe(
      artifactId,
      name,
      `it is a ${header.type === 'link' ? 'hard' : 'symbolic'} link to "${header.linkname ?? ''}"; only regular files are expected`,
    )
  }
  const target = resolve(root, name)
  const fromRoot = relative(root, target)
  if (fromRoot === '' || fromRoot.startsWith(`..${sep}`) || fromRoot === '..' || isAbsolute(fromRoot)) {
    throw unsafe(artifactId, name, 'it points outside the destination')
  }
  if (header.type === 'directory') return undefined
  if (header.type !== 'file' && header.type !== 'contiguous-file') {
    throw unexpected(artifactId, name, `it is a ${header.type} entry; only regular files are expected`)
  }
  const path = name.replace(/^(\.\/)+/, '')
  const content = expected.get(path)
  if (content === undefined) throw unexpected(artifactId, name, 'it is not a complete file of the artifact')
  if (done.includes(path)) throw unexpected(artifactId, name, 'it appears twice')
  // Its directories are made one level at a time as it is written, refusing symbolic links.
  return { path, destination: target, content }
}

/** A pass-through that fails once more than `limit` bytes went through (a tarball that unpacks forever). */
function unpackedBound(artifactId: number, limit: number): Transform {
  let total = 0
  return new Transform({
    transform(block: Buffer, _encoding, callback) {
      total += block.length
      if (total > limit) callback(tarballTooLarge(artifactId, limit))
      else callback(null, block)
    },
  })
}

/**
 * Extract the artifact's `.tar.gz` as it streams in (gunzip, then tar-stream), writing
 * each entry through a temporary file that is checked against its size and SHA-256
 * before it gets its final name. Only regular files listed in `expected` are accepted:
 * an absolute path, a `..` segment, a link or any other entry type is refused, and no byte
 * is ever written outside `directory`: a symbolic link already below it, where a directory
 * or a file of the tarball goes, is refused before anything is created through it. A
 * tarball, packed or unpacked, longer than `maxBytes` is cut off. An empty body (no
 * complete file) extracts nothing.
 *
 * @returns the paths extracted
 * @throws {ArtifactDownloadError} for an unsafe or unexpected entry, a corrupt file, an
 *   existing destination, a symbolic link on the way, a tarball past its bound, or a file
 *   of `expected` missing from the tarball
 */
export async function extractTarball(
  body: AsyncIterable<Uint8Array>,
  input: ExtractTarballInput,
): Promise<string[]> {
  const { artifactId, expected, signal } = input
  await mkdir(input.directory, { recursive: true })
  const root = resolve(input.directory)
  const seen = { bytes: 0 }
  const source = Readable.from(nonEmpty(boundedTarball(body, artifactId, input.maxBytes), seen))
  const gunzip = createGunzip()
  const unpacked = unpackedBound(artifactId, input.maxBytes)
  const extract = tarExtract()
  source.on('error', (error) => gunzip.destroy(error))
  unpacked.on('error', (error) => extract.destroy(error))
  gunzip.on('error', (error) => {
    // An empty body is not gzip: it is how the server says that no file is complete.
    if (seen.bytes === 0 && !SdkError.isInstance(error)) {
      extract.end(undefined)
      return
    }
    extract.destroy(
      SdkError.isInstance(error)
        ? error
        : new ArtifactDownloadError(
            'invalid_archive',
            `The archive of artifact ${artifactId} is not a valid .tar.gz: ${error.message}. Try again.`,
            { artifactId, cause: error, isRetryable: true },
          ),
    )
  })
  source.pipe(gunzip).pipe(unpacked).pipe(extract)

  const done: string[] = []
  try {
    for await (const entry of extract) {
      const target = entryTarget(artifactId, root, entry.header, expected, done)
      if (target === undefined) {
        entry.resume()
        continue
      }
      const { path, destination, content } = target
      await writeVerified(entry as AsyncIterable<Uint8Array>, {
        artifactId,
        path,
        destination,
        root,
        expected: content,
        signal,
        onBytes: (bytes) => input.onBytes?.(path, bytes),
      })
      done.push(path)
    }
  } catch (error) {
    source.destroy()
    gunzip.destroy()
    unpacked.destroy()
    extract.destroy()
    throw error
  }
  const missing = [...expected.keys()].filter((path) => !done.includes(path))
  if (missing.length > 0) {
    throw new ArtifactDownloadError(
      'missing_file',
      `The archive of artifact ${artifactId} lacks ${missing.length} file(s) the server lists as complete: ${missing.join(', ')}. Try again.`,
      { artifactId, path: missing[0], isRetryable: true },
    )
  }
  return done
}
