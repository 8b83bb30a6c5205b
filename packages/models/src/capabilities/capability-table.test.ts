import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { capabilityTable, TABLE_END, TABLE_START } from './capability-table.js'

const README = fileURLToPath(new URL('../../../../README.md', import.meta.url))

/** A markdown table's cells, whatever the alignment a formatter gave it. */
function cells(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .map((row) =>
      row
        .split('|')
        .slice(1, -1)
        .map((text) => text.trim().replace(/^:?-+:?$/, '---')),
    )
}

/** The README's text between the markers. */
function tableInReadme(text: string): string {
  const start = text.indexOf(TABLE_START)
  const end = text.indexOf(TABLE_END)
  expect(start, `README.md has no ${TABLE_START}`).toBeGreaterThanOrEqual(0)
  expect(end, `README.md has no ${TABLE_END}`).toBeGreaterThan(start)
  return text.slice(start + TABLE_START.length, end).trim()
}

describe("the README's capability table", () => {
  // UPDATE_CAPABILITY_TABLE=1 rewrites it from the table (then commit the README).
  it('is the one generated from the capability table the client uses', () => {
    const text = readFileSync(README, 'utf8')
    if (process.env.UPDATE_CAPABILITY_TABLE === '1') {
      const start = text.indexOf(TABLE_START) + TABLE_START.length
      writeFileSync(
        README,
        `${text.slice(0, start)}\n${capabilityTable()}\n${text.slice(text.indexOf(TABLE_END))}`,
      )
    }
    expect(
      cells(tableInReadme(readFileSync(README, 'utf8'))),
      'README.md drifted from the capability table: run the test with UPDATE_CAPABILITY_TABLE=1',
    ).toEqual(cells(capabilityTable()))
  })
})
