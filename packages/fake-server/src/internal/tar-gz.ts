import { gzipSync } from 'node:zlib'

/** One regular file of a tarball. */
export interface TarMember {
  name: string
  bytes: Buffer
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0'
}

/** A ustar header; names over 100 bytes are split into prefix and name at a slash. */
function header(member: TarMember, mtimeSeconds: number): Buffer {
  const block = Buffer.alloc(512)
  let name = member.name
  let prefix = ''
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155)
    prefix = name.slice(0, cut)
    name = name.slice(cut + 1)
  }
  block.write(name, 0, 100)
  block.write(octal(0o644, 8), 100)
  block.write(octal(0, 8), 108)
  block.write(octal(0, 8), 116)
  block.write(octal(member.bytes.length, 12), 124)
  block.write(octal(mtimeSeconds, 12), 136)
  block.write(' '.repeat(8), 148)
  block.write('0', 156)
  block.write('ustar\0', 257)
  block.write('00', 263)
  block.write(prefix, 345, 155)
  const checksum = block.reduce((sum, byte) => sum + byte, 0)
  block.write(octal(checksum, 7) + ' ', 148)
  return block
}

/**
 * A gzip-compressed tar of regular files, as the server's tarball download holds them (no
 * directory entries). No member: an empty body, as the real server sends.
 */
export function tarGz(members: readonly TarMember[], mtimeSeconds: number): Buffer {
  if (members.length === 0) return Buffer.alloc(0)
  const blocks: Buffer[] = []
  for (const member of members) {
    blocks.push(header(member, mtimeSeconds), member.bytes, Buffer.alloc((512 - (member.bytes.length % 512)) % 512))
  }
  blocks.push(Buffer.alloc(1024))
  return gzipSync(Buffer.concat(blocks))
}
