import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { commands } from './command-table.js'

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const commandRow = /^\|\s*`([a-z][a-z -]*)`\s*\|/
const rows = readme.split('\n').filter((line) => commandRow.test(line))

describe('README command table', () => {
  it('lists exactly the commands of the table, with their legacy names', () => {
    const listed = rows.map((line) => commandRow.exec(line)![1]!)
    expect(listed).toEqual(commands.map((command) => command.path.join(' ')))
    for (const command of commands) {
      const row = rows.find((line) => commandRow.exec(line)![1] === command.path.join(' '))!
      for (const legacy of command.legacy ?? []) expect(row).toContain(`\`${legacy}\``)
    }
  })
})
