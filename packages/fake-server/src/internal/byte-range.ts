/** An inclusive byte range of a file. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * The range a `Range` header asks of a file of `size` bytes: the whole file without the
 * header, null when the header is not one satisfiable range (`bytes=a-b`, `a-`, `-n`).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'whole' | null {
  if (header === undefined) return 'whole'
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (match == null || (match[1] === '' && match[2] === '')) return null
  let start: number
  let end: number
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]))
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  return start <= end && start < size ? { start, end } : null
}
