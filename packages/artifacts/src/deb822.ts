import { isPythonSpace, pythonSplitLines, pythonSplitWhitespace } from './internal/python-text.js'

/** One entry of a multi-valued field such as `Files`: column name → value (all strings). */
export type Deb822Entry = Record<string, string>

/**
 * The value of a field: a string for ordinary fields; for the multi-valued fields of
 * `.dsc` and `.changes` (`Files`, `Checksums-*`, `Package-List`) a list of entries, or a
 * single entry when the field was written on one line (as python-debian does).
 */
export type Deb822Value = string | Deb822Entry[] | Deb822Entry

/** The fields of one deb822 paragraph, keys spelled as in the file, in file order. */
export type Deb822Fields = Record<string, Deb822Value>

/**
 * Columns of the multi-valued fields: lower-case field name → column names. The last
 * column takes the rest of the line.
 */
export type MultivaluedFields = Readonly<Record<string, readonly string[]>>

/** Options of {@link parseDeb822}. */
export interface ParseDeb822Options {
  /** Fields to split into entries; none by default. */
  multivalued?: MultivaluedFields
  /**
   * `true` (the default) parses as python-debian does for a `.dsc` or `.changes` opened as
   * a file: the PGP armour is stripped twice (once by the signed-file wrapper, once by the
   * paragraph parser). `false` parses as for raw bytes (e.g. a `.deb`'s `control`).
   */
  signedFileWrapper?: boolean
}

const gpgArmourLine = /^-----(BEGIN|END) PGP ([^-]+)-----[\r\t ]*$/
const asciiSpace = /^[ \t\n\r\u000b\u000c]+$/
const keyCharacters = /^[^: \t\n\r\f\v]+/
const pythonSpace =
  /[\t\n\u000b\u000c\r\u001c-\u001f \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/u

function isAsciiEmpty(line: string): boolean {
  return line === '' || asciiSpace.test(line)
}

// Strip `\r` and `\n` from both ends, as bytes.strip(b'\r\n') does.
function stripLineBreaks(line: string): string {
  return line.replace(/^[\r\n]+|[\r\n]+$/g, '')
}

function stripPythonSpace(text: string): string {
  let start = 0
  let end = text.length
  while (start < end && pythonSpace.test(text[start] ?? '')) start++
  while (end > start && pythonSpace.test(text[end - 1] ?? '')) end--
  return text.slice(start, end)
}

/**
 * Separate the payload from a PGP clear-signature: the lines between the armour header
 * block and the signature. Blank lines end an unsigned paragraph; inside a signed message
 * they are skipped. Returns no lines when the input holds only blank lines.
 */
function splitSignedPayload(lines: Iterable<string>): string[] {
  const before: string[] = []
  const payload: string[] = []
  let state = 'SAFE'
  let firstLine = true
  for (const rawLine of lines) {
    const line = stripLineBreaks(rawLine)
    const empty = isAsciiEmpty(line)
    if (firstLine) {
      if (empty) continue
      firstLine = false
    }
    const armour = line.startsWith('-') ? gpgArmourLine.exec(line) : null
    if (armour === null) {
      if (state === 'SAFE') {
        if (!empty) payload.push(line)
        else if (before.length === 0) break
      } else if (state === 'SIGNED MESSAGE') {
        if (empty) state = 'SAFE'
        else before.push(line)
      }
      // Lines of the signature (or of any other armoured block) are dropped.
      continue
    }
    if (armour[1] === 'END') break
    state = armour[2] ?? ''
    if (!empty && payload.length === 0) before.push(line)
  }
  return payload
}

// Drop comment lines and the blank lines at the start.
function* skipUselessLines(lines: Iterable<string>): Generator<string> {
  let atBeginning = true
  for (const line of lines) {
    if (line.startsWith('#')) continue
    if (atBeginning) {
      if (stripLineBreaks(line) === '') continue
      atBeginning = false
    }
    yield line
  }
}

/** Split a text into lines as Python's text-mode file iteration does (universal newlines). */
function splitFileLines(text: string): string[] {
  const lines = text.split(/\r\n|\r|\n/)
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/**
 * Parse the first deb822 paragraph of `text` (a `.dsc`, `.changes`, or `control` file),
 * PGP-signed or not, exactly as python-debian does:
 *
 * - the PGP armour and signature are stripped; comment lines (`#…`) are ignored;
 * - keys keep their spelling; a repeated key keeps its first spelling and position and
 *   takes the last value;
 * - a value's first line is trimmed; continuation lines (starting with whitespace) are
 *   kept verbatim, leading whitespace included, joined with `\n`, so a field whose first
 *   line is empty starts with `\n`; whitespace-only lines end the paragraph;
 * - the `multivalued` fields become lists of entries (or one entry when written on one
 *   line), splitting each line on whitespace into the given columns; sizes stay strings.
 *
 * @example
 * parseDeb822('Source: hello\nFiles:\n abc 12 hello.dsc\n', { multivalued: { files: ['md5sum', 'size', 'name'] } })
 * // { Source: 'hello', Files: [{ md5sum: 'abc', size: '12', name: 'hello.dsc' }] }
 */
export function parseDeb822(text: string, options: ParseDeb822Options = {}): Deb822Fields {
  let lines: Iterable<string> = splitFileLines(text)
  if (options.signedFileWrapper ?? true) lines = splitSignedPayload(lines)
  const payload = splitSignedPayload(skipUselessLines(lines))

  const fields = new Map<string, { key: string; value: Deb822Value }>()
  let currentKey: string | undefined
  let content = ''
  const store = (): void => {
    if (currentKey === undefined) return
    const folded = currentKey.toLowerCase()
    const existing = fields.get(folded)
    fields.set(folded, { key: existing?.key ?? currentKey, value: content })
  }
  for (const line of payload) {
    const keyMatch = keyCharacters.exec(line)
    if (keyMatch !== null) {
      let position = keyMatch[0].length
      while (position < line.length && pythonSpace.test(line[position] ?? '')) position++
      if (line[position] === ':') {
        store()
        currentKey = keyMatch[0]
        content = stripPythonSpace(line.slice(position + 1))
        continue
      }
    }
    if (line !== '' && isPythonSpace(line[0] ?? '') && !isPythonSpace(line)) {
      content += '\n' + line
    }
  }
  store()

  for (const [folded, columns] of Object.entries(options.multivalued ?? {})) {
    const field = fields.get(folded)
    if (field === undefined || typeof field.value !== 'string') continue
    const contents = field.value
    const entries = pythonSplitLines(contents)
      .filter((line) => line !== '')
      .map((line): Deb822Entry => {
        const values = pythonSplitWhitespace(line, columns.length - 1)
        // zip(): as many columns as there are values.
        return Object.fromEntries(
          columns.slice(0, values.length).map((column, index) => [column, values[index] as string]),
        )
      })
    field.value = contents.includes('\n') ? entries : (Object.assign({}, ...entries) as Deb822Entry)
  }
  return Object.fromEntries([...fields.values()].map(({ key, value }) => [key, value]))
}
