#!/usr/bin/env node
// Fails when a comment in packages/, apps/ or tooling/ cites a bench run: a run by its number
// or letter, a range or list of them, a perf branch, or the bench's README. A comment says
// why the code is as it is; the figures live in the bench's table of latest figures,
// where the next run replaces them, and a comment quoting them would go stale unseen.
// Fails too when a comment cites a document outside the repository (the project's guidance
// files, a path of a machine), or a section of docs/ that does not exist: the facts the code
// relies on live in docs/protocol.md, in our own words, and comments cite that.
// Usage: node tooling/scripts/check-run-citations.mjs [repository root]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { extname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = process.argv[2] ?? fileURLToPath(new URL('../..', import.meta.url))
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'docs', 'coverage', '.turbo', '.dist-next'])
const SCRIPT_EXTENSIONS = new Set(['.ts', '.mts', '.cts', '.js', '.mjs', '.cjs'])

// A run's name: a number, or one capital letter; several joined by a dash, a comma, and, or, to.
const NUMBERS = String.raw`\d{1,3}(?:\s*(?:[-–,]|and|or|to)\s*\d{1,3})*`
const LETTERS = String.raw`[A-Z](?:\s*(?:[-–,]|and|or|to)\s*[A-Z])*`
const CITATIONS = [
  // …followed by punctuation, a bracket or the end: "run" followed by a count and a noun is a verb.
  new RegExp(String.raw`\b[Rr]uns? ${NUMBERS}(?=[),;:]|\.(?!\d)|\s*$|\s+\()`, 'm'),
  new RegExp(String.raw`\b[Rr]uns? ${LETTERS}\b(?![/'’\w])`),
  /\bperf-\d+\b/,
]
// Pointing a reader at the bench's notes for a figure: anywhere but in the bench itself,
// whose scripts write that README.
const README_CITATION = /tooling\/bench\/README/

// Documents that are not in the repository, by name or by place.
const GUIDANCE = String.raw`(?:PROTOCOL|SPEC|STYLE|CLI_REFERENCE|REAL_SERVER|USERS|DEVELOPERS)`
const OUTSIDE_DOCUMENTS = [
  new RegExp(String.raw`\b${GUIDANCE}(?:\.md)?\s+§`),
  new RegExp(String.raw`\b${GUIDANCE}\.md\b`),
  /\/work\/shared\b/,
]
const DOCS_CITATION = /\bdocs\/([\w.-]+\.md)(?:\s+§(\d+))?/g

/** The citations of `text` that name a file or a section of docs/ that is not there. */
function missingDocs(text) {
  return [...text.matchAll(DOCS_CITATION)].filter(([, name, section]) => {
    const file = join(root, 'docs', name)
    if (!existsSync(file)) return true
    return section !== undefined && !readFileSync(file, 'utf8').includes(`\n## §${section} `)
  })
}

/** A citation of a document outside the repository, or of a missing part of docs/, in `comment`. */
function documentCitation(file, comment) {
  const outside = OUTSIDE_DOCUMENTS.map((pattern) => pattern.exec(comment)).find((match) => match !== null)
  return outside ?? missingDocs(comment)[0]
}

/** The citations looked for in `file`. */
function patterns(file) {
  return file.startsWith(join(root, 'tooling/bench/')) ? CITATIONS : [...CITATIONS, README_CITATION]
}

function* walk(directory) {
  for (const entry of readdirSync(directory)) {
    if (SKIPPED_DIRECTORIES.has(entry) || entry.startsWith('.')) continue
    const path = join(directory, entry)
    if (statSync(path).isDirectory()) yield* walk(path)
    else if (SCRIPT_EXTENSIONS.has(extname(entry)) || isShellScript(path)) yield path
  }
}

/** A shell script: named `.sh`, or without an extension and started by a shell's `#!` line. */
function isShellScript(path) {
  if (path.endsWith('.sh')) return true
  if (extname(path) !== '') return false
  return /^#!.*\b(?:ba|da)?sh\b/.test(readFileSync(path, 'utf8').split('\n', 1)[0])
}

/** Each comment of a TypeScript or JavaScript source as { line, text }. */
function scriptComments(path, text) {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const found = new Map()
  const collect = (pos) => {
    // Trailing: the rest of the line at `pos`; leading: from the next line on.
    const ranges = [
      ...(ts.getTrailingCommentRanges(text, pos) ?? []),
      ...(ts.getLeadingCommentRanges(text, pos) ?? []),
    ]
    for (const range of ranges) found.set(range.pos, text.slice(range.pos, range.end))
  }
  // A comment sits before a node, after its end (before the token that follows), or just
  // inside an opening bracket of a node with nothing else in it (an empty block).
  const visit = (node) => {
    collect(node.pos)
    collect(node.end)
    if (node.kind !== ts.SyntaxKind.SourceFile && '{[('.includes(text[node.getStart(source)]))
      collect(node.getStart(source) + 1)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return [...found].map(([pos, comment]) => ({
    line: source.getLineAndCharacterOfPosition(pos).line + 1,
    text: comment,
  }))
}

/** Each comment of a shell script (from a `#` at a line's start or after a blank) as { line, text }. */
function shellComments(text) {
  return text.split('\n').flatMap((content, at) => {
    const match = /(?:^|\s)#(?!!)(.*)$/.exec(content)
    return match === null ? [] : [{ line: at + 1, text: match[1] }]
  })
}

const violations = []
const documentViolations = []
for (const top of ['packages', 'apps', 'tooling']) {
  let files
  try {
    files = [...walk(join(root, top))]
  } catch {
    continue // a tree without that directory
  }
  for (const file of files.sort()) {
    const text = readFileSync(file, 'utf8')
    // Most files hold nothing that looks like a citation anywhere: no need to find their comments.
    const citesDocuments = OUTSIDE_DOCUMENTS.some((pattern) => pattern.test(text)) || text.includes('docs/')
    if (!citesDocuments && !patterns(file).some((pattern) => pattern.test(text))) continue
    const comments = isShellScript(file) ? shellComments(text) : scriptComments(file, text)
    for (const { line, text: comment } of comments) {
      const citation = patterns(file)
        .map((pattern) => pattern.exec(comment))
        .find((match) => match !== null)
      if (citation) violations.push(`${relative(root, file)}:${line}: "${citation[0].trim()}"`)
      const document = documentCitation(file, comment)
      if (document) documentViolations.push(`${relative(root, file)}:${line}: "${document[0].trim()}"`)
    }
  }
}

if (documentViolations.length > 0) {
  console.error(
    'Document citation check failed (a comment cites what the repository holds: docs/protocol.md and its sections, in our own words):',
  )
  for (const violation of documentViolations) console.error(`  ${violation}`)
}
if (violations.length > 0) {
  console.error(
    'Run citation check failed (a comment says why the code is as it is; the figures live in the table of tooling/bench/README.md):',
  )
  for (const violation of violations) console.error(`  ${violation}`)
}
if (violations.length > 0 || documentViolations.length > 0) process.exit(1)
console.log('Run citation check passed.')
