/** The content type of UTF-8 text: build logs, debug logs, `.changes`, `.dsc`, `.buildinfo`. */
export const TEXT_PLAIN_UTF8 = 'text/plain; charset=utf-8'
/** The content type of opaque bytes: signing input and output, debug symbols. */
export const OCTET_STREAM = 'application/octet-stream'

const bySuffix: readonly (readonly [string, string])[] = [
  ['.buildinfo', TEXT_PLAIN_UTF8],
  ['.dsc', TEXT_PLAIN_UTF8],
  ['.changes', TEXT_PLAIN_UTF8],
  ['.md', 'text/markdown; charset=utf-8'],
]

/**
 * The content type that docs/protocol.md §4 gives a path by its suffix (`.buildinfo`, `.dsc`,
 * `.changes` → `text/plain; charset=utf-8`; `.md` → `text/markdown; charset=utf-8`), or
 * `undefined` when the suffix says nothing.
 */
export function contentTypeForName(name: string): string | undefined {
  return bySuffix.find(([suffix]) => name.endsWith(suffix))?.[1]
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte)
}

const ascii = (text: string): number[] => [...text].map((character) => character.charCodeAt(0))

// Magic numbers of the binary types the server serves as themselves.
const signatures: readonly (readonly [number[], string, number?])[] = [
  [ascii('!<arch>\ndebian-binary'), 'application/vnd.debian.binary-package'],
  [[0x1f, 0x8b], 'application/gzip'],
  [[0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00], 'application/x-xz'],
  [[0x28, 0xb5, 0x2f, 0xfd], 'application/zstd'],
  [ascii('BZh'), 'application/x-bzip2'],
  [ascii('ustar'), 'application/x-tar', 257],
]

// Like libmagic, text may hold BEL, BS, TAB, LF, VT, FF, CR and ESC, but no other control byte.
function isBinaryByte(byte: number): boolean {
  return (byte < 0x20 && !(byte >= 0x07 && byte <= 0x0d) && byte !== 0x1b) || byte === 0x7f
}

/**
 * Guess a content type from the first bytes of a file, in libmagic's style (`type;
 * charset=…`): Debian packages, gzip, xz, zstd, bzip2 and tar by their magic numbers; text
 * as `text/plain` (or `application/json` when the whole file is JSON) with charset
 * `us-ascii` or `utf-8`; an empty file as `application/x-empty`; anything else as
 * `application/octet-stream`. Only what docs/protocol.md §4 lets the server serve as itself is
 * recognised; a full libmagic is not needed for that.
 *
 * @param head the first bytes of the file (a few KiB is enough; more is better for text)
 * @param complete whether `head` is the whole file
 */
export function sniffContentType(head: Uint8Array, complete: boolean): string {
  if (head.length === 0 && complete) return 'application/x-empty; charset=binary'
  for (const [signature, type, offset] of signatures) {
    if (startsWith(head, signature, offset)) return `${type}; charset=binary`
  }
  if (head.some(isBinaryByte)) return 'application/octet-stream; charset=binary'
  let text: string
  try {
    // A multi-byte character may be cut at the end of an incomplete head.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: !complete })
  } catch {
    return 'application/octet-stream; charset=binary'
  }
  const charset = head.every((byte) => byte < 0x80) ? 'us-ascii' : 'utf-8'
  if (complete && /^\s*[[{]/.test(text)) {
    try {
      JSON.parse(text)
      return `application/json; charset=${charset}`
    } catch {
      // Not JSON after all: plain text.
    }
  }
  return `text/plain; charset=${charset}`
}
