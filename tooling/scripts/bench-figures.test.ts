import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  README_FILE,
  comparedLine,
  TABLE_BEGIN,
  TABLE_END,
  mergeResults,
  readResults,
  readmeWithFigures,
  recordResults,
} from '../bench/lib/results.mjs'

const line = (name: string, ratio: number) => ({
  line: name,
  bench: 'transfers.mjs',
  limit: '≤ 1.05×',
  ours: 5.8 * ratio,
  reference: 'curl',
  referenceFigure: 5.8,
  unit: 's',
  ratio,
  spread: 'per round 1.000× (0.9-1.1)',
  rounds: 6,
  date: '2026-11-26 16:22 UTC',
  machine: '2 CPUs, 24 GiB',
  node: '20.20.2',
  commit: null,
})

describe('the bench figures', () => {
  it('the table in tooling/bench/README.md is the one results.json gives', () => {
    const readme = readFileSync(README_FILE, 'utf8')
    expect(readme).toBe(readmeWithFigures(readme, readResults()))
  })

  it('a recorded line replaces the line of the same name, stamped; a new one is appended', () => {
    const directory = mkdtempSync(join(tmpdir(), 'bench-results-'))
    const resultsFile = join(directory, 'results.json')
    const readmeFile = join(directory, 'README.md')
    writeFileSync(resultsFile, JSON.stringify([line('upload', 0.9), line('download', 1.1)]))
    writeFileSync(readmeFile, `# Bench\n\n${TABLE_BEGIN}\nold\n${TABLE_END}\n\nafter\n`)
    recordResults([line('download', 1.05), line('tarball', 0.95)], { resultsFile, readmeFile })
    const results = JSON.parse(readFileSync(resultsFile, 'utf8')) as Record<string, unknown>[]
    expect(results.map((result) => [result.line, result.ratio])).toEqual([
      ['upload', 0.9],
      ['download', 1.05],
      ['tarball', 0.95],
    ])
    expect(results[1]?.node).toBe(process.versions.node)
    expect(String(results[1]?.date)).toMatch(/ UTC$/)
    const readme = readFileSync(readmeFile, 'utf8')
    expect(readme).not.toContain('old')
    expect(readme).toMatch(
      /\| download +\| `transfers.mjs` \| +6\.09 s \| curl: 5\.80 s +\| +\*\*1\.050\*\* \|/,
    )
    expect(readme.endsWith(`${TABLE_END}\n\nafter\n`)).toBe(true)
  })

  it('merging keeps the order of the lines already there', () => {
    const merged = mergeResults([line('a', 1), line('b', 1)], [line('a', 2)]) as ReturnType<typeof line>[]
    expect(merged.map((result) => [result.line, result.ratio])).toEqual([
      ['a', 2],
      ['b', 1],
    ])
  })

  it('a run recorded with --no-record leaves the files as they were', () => {
    const directory = mkdtempSync(join(tmpdir(), 'bench-results-'))
    const resultsFile = join(directory, 'results.json')
    writeFileSync(resultsFile, '[]\n')
    const argv = ['node', 'transfers.mjs', '--no-record']
    recordResults([line('upload', 1)], { resultsFile, readmeFile: join(directory, 'README.md'), argv })
    expect(readFileSync(resultsFile, 'utf8')).toBe('[]\n')
  })

  it('a line from rounds: the medians, their ratio, and the ratio of each round as the spread', () => {
    const compared = comparedLine({
      line: 'l',
      bench: 'b',
      limit: '—',
      reference: 'curl',
      ours: [1, 3, 2],
      theirs: [2, 2, 2],
    })
    expect(compared).toEqual({
      line: 'l',
      bench: 'b',
      limit: '—',
      reference: 'curl',
      ours: 2,
      referenceFigure: 2,
      unit: 's',
      ratio: 1,
      spread: 'per round 1.000× (0.50-1.50)',
      rounds: 3,
    })
    expect(comparedLine({ line: 'm', ours: [77], theirs: [74], unit: 'MiB' })).toMatchObject({
      ratio: 1.041,
      spread: '—',
    })
  })

  it('a README without the markers is refused', () => {
    expect(() => readmeWithFigures('# Bench\n', [])).toThrow(/markers/)
  })
})
