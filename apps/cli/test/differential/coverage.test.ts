import { describe, expect, it } from 'vitest'
import { commands } from '../../src/command-table.js'
import { errorCases, readingCases, writingCommandLines, type CaseContext } from './cases.js'
import { coverageOf, type GlobalOption } from './coverage.js'
import { optionCases } from './option-cases.js'
import { pythonCommands } from './python-parser.js'
import { setupCases } from './setup-cases.js'

// Every command and option of the Python CLI 0.16.2 (docs/protocol.md §16, read from
// its own argparse parser) must be run by a whole-command differential case.

const globals: GlobalOption[] = [
  { strings: ['--version'], takesValue: false },
  { strings: ['--server'], takesValue: true },
  { strings: ['--scope'], takesValue: true },
  { strings: ['--config-file'], takesValue: true },
  { strings: ['-s', '--silent'], takesValue: false },
  { strings: ['-d', '--debug'], takesValue: true },
]

const placeholders: CaseContext = { workRequest: '1', artifact: '1', workspace: 'w', directory: '/tmp' }

describe('differential coverage of the Python CLI', () => {
  it('runs every command and option of the reference', async () => {
    const argvs = [...readingCases(placeholders), ...errorCases(placeholders), ...optionCases(placeholders)]
      .map((entry) => entry.argv)
      .concat(writingCommandLines(placeholders))
      .concat(setupCases().map((entry) => [...entry.argv]))
    const legacyNames = new Set(commands.flatMap((command) => command.legacy ?? []))
    const { items, uncovered } = coverageOf(await pythonCommands(), argvs, globals, legacyNames)
    console.log(
      `differential coverage: ${items.length - uncovered.length} of ${items.length} commands and options, ` +
        `${argvs.length} command lines`,
    )
    expect(uncovered).toEqual([])
  })
})
