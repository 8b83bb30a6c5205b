// Python's notion of whitespace and line breaks, so that parsing matches python-debian.

/** Characters for which Python's `str.isspace()` holds. */
const PYTHON_WHITESPACE =
  '\t\n\u000b\u000c\r\u001c\u001d\u001e\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000'

const whitespaceRun = new RegExp(`[${PYTHON_WHITESPACE}]+`, 'u')
const leadingWhitespace = new RegExp(`^[${PYTHON_WHITESPACE}]+`, 'u')
const onlyWhitespace = new RegExp(`^[${PYTHON_WHITESPACE}]+$`, 'u')

/** Python's `str.isspace()`: not empty, and every character is whitespace. */
export function isPythonSpace(text: string): boolean {
  return onlyWhitespace.test(text)
}

/** Python's `str.splitlines()` (line breaks dropped). */
export function pythonSplitLines(text: string): string[] {
  const lines = text.split(/\r\n|[\n\r\u000b\u000c\u001c\u001d\u001e\u0085\u2028\u2029]/u)
  // A trailing line break does not start a new (empty) line.
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop()
  return lines
}

/**
 * Python's `str.split(maxsplit=...)` with no separator: split on whitespace runs, at most
 * `maxSplit` times; the remainder keeps its inner and trailing whitespace.
 */
export function pythonSplitWhitespace(text: string, maxSplit = -1): string[] {
  const parts: string[] = []
  let rest = text.replace(leadingWhitespace, '')
  while (rest !== '') {
    if (maxSplit >= 0 && parts.length === maxSplit) {
      parts.push(rest)
      break
    }
    const match = whitespaceRun.exec(rest)
    if (match === null) {
      parts.push(rest)
      break
    }
    parts.push(rest.slice(0, match.index))
    rest = rest.slice(match.index + match[0].length)
  }
  return parts
}
