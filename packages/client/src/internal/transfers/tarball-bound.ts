import { ArtifactDownloadError } from '../../errors/artifact-errors.js'

const BLOCK = 512

function blocks(bytes: number): number {
  return Math.ceil(bytes / BLOCK) * BLOCK
}

/**
 * The most bytes a `.tar.gz` of files of these names and sizes can honestly take, packed or
 * unpacked: each file's data padded to tar's 512-byte blocks, plus a generous allowance
 * of header blocks for it and each directory above it (a header, and an extended header
 * holding a long name or other attributes), plus the end-of-archive blocks (tar's own term) and the padding
 * of the last 10 KiB record; then 1 % and 4 KiB more for gzip, which can make incompressible
 * data a little larger (a few bytes per 64 KiB block, far below that). A server sending
 * more is not sending the tarball of these files.
 */
export function tarballByteLimit(files: Iterable<readonly [name: string, size: number]>): number {
  let tar = 2 * BLOCK + 10 * 1024
  const directories = new Set<string>()
  for (const [name, size] of files) {
    tar += blocks(size) + 4 * BLOCK + 2 * blocks(name.length)
    const parts = name.split('/')
    for (let depth = 1; depth < parts.length; depth += 1) directories.add(parts.slice(0, depth).join('/'))
  }
  for (const directory of directories) tar += 4 * BLOCK + 2 * blocks(directory.length)
  return tar + Math.ceil(tar / 100) + 4096
}

/** The error for a tarball that goes on past its bound. */
export function tarballTooLarge(artifactId: number, limit: number): ArtifactDownloadError {
  return new ArtifactDownloadError(
    'size_exceeded',
    `The archive of artifact ${artifactId} goes on past ${limit} bytes, more than its files' announced ` +
      'sizes and the archive format need; it was cut off and nothing more was written.',
    { artifactId, isRetryable: true },
  )
}

/** The blocks of `source`, failing with {@link tarballTooLarge} once more than `limit` bytes came. */
export async function* boundedTarball(
  source: AsyncIterable<Uint8Array>,
  artifactId: number,
  limit: number,
): AsyncGenerator<Uint8Array> {
  let total = 0
  for await (const block of source) {
    total += block.length
    if (total > limit) throw tarballTooLarge(artifactId, limit)
    yield block
  }
}
