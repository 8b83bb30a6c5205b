import { createHash } from 'node:crypto'

const BEGIN = '-----BEGIN PGP PUBLIC KEY BLOCK-----'
const END = '-----END PGP PUBLIC KEY BLOCK-----'
/** OpenPGP packet tag 6 (RFC 9580 §5.5.1.1). */
const PUBLIC_KEY_TAG = 6

/** One packet of an OpenPGP binary stream: its tag and body. */
interface Packet {
  tag: number
  body: Uint8Array
}

/**
 * The binary packets of an ASCII-armored public key block (what `gpg --dearmor` writes):
 * empty when the text has no such block or the block has no body. The armor headers and the
 * CRC line are dropped.
 */
export function dearmorPublicKey(armored: string): Uint8Array {
  const lines = armored.split(/\r?\n/)
  const begin = lines.findIndex((line) => line.trim() === BEGIN)
  const end = lines.findIndex((line, index) => index > begin && line.trim() === END)
  if (begin < 0 || end < 0) return new Uint8Array(0)
  let body = lines.slice(begin + 1, end)
  const blank = body.findIndex((line) => line.trim() === '')
  // Armor headers (`Comment: …`) end at the first blank line, when there are any.
  if (blank >= 0 && body.slice(0, blank).every((line) => line.includes(': '))) body = body.slice(blank + 1)
  const base64 = body
    .map((line) => line.trim())
    .filter((line) => !line.startsWith('='))
    .join('')
  return new Uint8Array(Buffer.from(base64, 'base64'))
}

/** The length of a new-format body at `offset`: [length, bytes used, partial]. */
function newLength(data: Uint8Array, offset: number): [number, number, boolean] {
  const first = data[offset] ?? 0
  if (first < 192) return [first, 1, false]
  if (first < 224) return [((first - 192) << 8) + (data[offset + 1] ?? 0) + 192, 2, false]
  if (first === 255) {
    const view = new DataView(data.buffer, data.byteOffset + offset + 1, 4)
    return [view.getUint32(0), 5, false]
  }
  return [1 << (first & 0x1f), 1, true]
}

/**
 * The packets of an OpenPGP binary stream, from their headers (old and new formats, partial
 * body lengths joined). Stops at the first header that does not parse, or runs past the end.
 */
export function openPgpPackets(data: Uint8Array): Packet[] {
  const packets: Packet[] = []
  let offset = 0
  while (offset < data.length) {
    const header = data[offset]!
    if ((header & 0x80) === 0) break
    let tag: number
    const chunks: Uint8Array[] = []
    offset += 1
    if ((header & 0x40) === 0) {
      tag = (header >> 2) & 0x0f
      const lengthType = header & 0x03
      // Type 3 (indeterminate) runs to the end of the data.
      const size = [1, 2, 4][lengthType]
      let length = data.length - offset
      if (size !== undefined) {
        length = 0
        for (let index = 0; index < size; index += 1) length = length * 256 + (data[offset + index] ?? 0)
        offset += size
      }
      chunks.push(data.subarray(offset, offset + length))
      offset += length
    } else {
      tag = header & 0x3f
      for (;;) {
        const [length, used, partial] = newLength(data, offset)
        offset += used
        chunks.push(data.subarray(offset, offset + length))
        offset += length
        if (!partial || offset >= data.length) break
      }
    }
    if (offset > data.length) break
    packets.push({ tag, body: Buffer.concat(chunks) })
  }
  return packets
}

/** The public-key packets (tag 6) of a binary key, the primary keys of its certificates. */
export function publicKeyPackets(data: Uint8Array): Uint8Array[] {
  return openPgpPackets(data)
    .filter((packet) => packet.tag === PUBLIC_KEY_TAG)
    .map((packet) => packet.body)
}

/**
 * The fingerprint of a public-key packet body, upper-case hex: SHA-1 over 0x99, the 2-byte
 * length and the body for a version 4 key, SHA-256 over 0x9B, a 4-byte length and the body
 * for version 6 (RFC 9580 §5.5.4).
 */
export function keyFingerprint(body: Uint8Array): string {
  const version = body[0]
  const hash = version === 6 ? createHash('sha256') : createHash('sha1')
  const prefix =
    version === 6
      ? Buffer.from([
          0x9b,
          (body.length >>> 24) & 0xff,
          (body.length >>> 16) & 0xff,
          (body.length >>> 8) & 0xff,
          body.length & 0xff,
        ])
      : Buffer.from([0x99, (body.length >> 8) & 0xff, body.length & 0xff])
  return hash.update(prefix).update(body).digest('hex').toUpperCase()
}
