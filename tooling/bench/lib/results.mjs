// The bench's result file (tooling/bench/results.json: the latest figures of each line) and
// the one table of them in tooling/bench/README.md, written from it. A bench script hands
// its lines to recordResults when it finishes; `node tooling/bench/figures.mjs` writes the
// table again after a hand edit of the file.
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { median } from './measure.mjs'

export const RESULTS_FILE = fileURLToPath(new URL('../results.json', import.meta.url))
export const README_FILE = fileURLToPath(new URL('../README.md', import.meta.url))
export const TABLE_BEGIN =
  '<!-- figures: begin (node tooling/bench/figures.mjs writes this table from results.json) -->'
export const TABLE_END = '<!-- figures: end -->'

/** The lines of the result file, in the table's order. */
export function readResults(path = RESULTS_FILE) {
  return JSON.parse(readFileSync(path, 'utf8'))
}

/** `results` with each of `entries` in place of the line of the same name, or appended. */
export function mergeResults(results, entries) {
  const merged = [...results]
  for (const entry of entries) {
    const at = merged.findIndex((result) => result.line === entry.line)
    if (at === -1) merged.push(entry)
    else merged[at] = entry
  }
  return merged
}

const rounded = (value, digits) => Number(value.toFixed(digits))

/**
 * A line of the result file from a run's rounds: `ours` and `theirs` hold one figure per
 * round (the same rounds, in order). The ratio is that of the medians; the spread gives the
 * median of the rounds' own ratios and their range.
 */
export function comparedLine({ ours, theirs, unit = 's', ...line }) {
  const digits = unit === 'MiB' ? 0 : unit === 'ms' ? 1 : 2
  const ratios = ours.map((value, round) => value / theirs[round])
  const [lowest, highest] = [Math.min(...ratios), Math.max(...ratios)].map((ratio) => ratio.toFixed(2))
  return {
    ...line,
    ours: rounded(median(ours), digits),
    referenceFigure: rounded(median(theirs), digits),
    unit,
    ratio: rounded(median(ours) / median(theirs), 3),
    spread: ours.length > 1 ? `per round ${median(ratios).toFixed(3)}× (${lowest}-${highest})` : '—',
    rounds: ours.length,
  }
}

/** This machine as the table names it: its cores, their model and its memory. */
export function machineDescription() {
  const cores = cpus()
  return `${cores.length} CPUs ${cores[0]?.model.trim() ?? ''}, ${Math.round(totalmem() / 2 ** 30)} GiB`
}

function currentCommit() {
  try {
    // From the repository, wherever the bench runs (the Python CLI needs it run from /tmp).
    return execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], {
      encoding: 'utf8',
      cwd: dirname(fileURLToPath(import.meta.url)),
    }).trim()
  } catch {
    return null
  }
}

/**
 * Record a finished run's lines (each `{ line, bench, limit, ours, reference,
 * referenceFigure, unit, ratio, spread, rounds, note? }`), stamped with the date, this
 * machine, Node's version and the commit measured; then write the README's table again.
 * A run given `--no-record` (a trial, an A/B of two builds) records nothing.
 */
export function recordResults(
  entries,
  { resultsFile = RESULTS_FILE, readmeFile = README_FILE, argv = process.argv } = {},
) {
  if (argv.includes('--no-record')) {
    console.error('--no-record: tooling/bench/results.json left as it was')
    return
  }
  const stamp = {
    date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    machine: machineDescription(),
    node: process.versions.node,
    commit: currentCommit(),
  }
  const results = mergeResults(
    readResults(resultsFile),
    // A line may name the Node that ran what it measured (first-call.mjs runs several).
    entries.map(({ measuredNode, ...entry }) => ({ ...entry, ...stamp, node: measuredNode ?? stamp.node })),
  )
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`)
  writeFileSync(readmeFile, readmeWithFigures(readFileSync(readmeFile, 'utf8'), results))
}

const COLUMNS = [
  ['line', 'left', (result) => result.line],
  ['bench', 'left', (result) => `\`${result.bench}\``],
  ['ours', 'right', (result) => figure(result.ours, result.unit)],
  ['reference', 'left', (result) => `${result.reference}: ${figure(result.referenceFigure, result.unit)}`],
  ['× reference', 'right', (result) => `**${result.ratio.toFixed(3)}**`],
  ['limit', 'left', (result) => result.limit],
  ['spread', 'left', (result) => result.spread],
  ['rounds', 'right', (result) => String(result.rounds)],
  ['date', 'left', (result) => result.date],
  ['machine', 'left', (result) => result.machine],
  ['Node', 'left', (result) => result.node],
  ['commit', 'left', (result) => result.commit ?? '—'],
]

function figure(value, unit) {
  return unit === 'MiB' ? `${value.toFixed(0)} MiB` : `${value.toFixed(unit === 'ms' ? 1 : 2)} ${unit}`
}

/** A cell padded to `width`, on the side its column aligns to (as prettier lays out a table). */
function padded(text, width, align) {
  return align === 'right' ? text.padStart(width) : text.padEnd(width)
}

/** The table of the latest figures, one row per line, then each line's note. */
export function figuresTable(results) {
  const rows = results.map((result) => COLUMNS.map(([, , cell]) => cell(result)))
  const widths = COLUMNS.map(([title], at) => Math.max(3, title.length, ...rows.map((row) => row[at].length)))
  const tableRow = (cells) =>
    `| ${cells.map((cell, at) => padded(cell, widths[at], COLUMNS[at][1])).join(' | ')} |`
  const rule = widths.map((width, at) =>
    COLUMNS[at][1] === 'right' ? `${'-'.repeat(width - 1)}:` : '-'.repeat(width),
  )
  const notes = results.filter((result) => result.note).map((result) => `- ${result.line}: ${result.note}`)
  return [
    tableRow(COLUMNS.map(([title]) => title)),
    `| ${rule.join(' | ')} |`,
    ...rows.map(tableRow),
    ...(notes.length > 0 ? ['', ...notes] : []),
  ].join('\n')
}

/** `readme` with the text between the table's markers replaced by the table of `results`. */
export function readmeWithFigures(readme, results) {
  const begin = readme.indexOf(TABLE_BEGIN)
  const end = readme.indexOf(TABLE_END)
  if (begin === -1 || end < begin)
    throw new Error(`the README has no "${TABLE_BEGIN}" … "${TABLE_END}" markers`)
  const before = readme.slice(0, begin + TABLE_BEGIN.length)
  return `${before}\n\n${figuresTable(results)}\n\n${readme.slice(end)}`
}
