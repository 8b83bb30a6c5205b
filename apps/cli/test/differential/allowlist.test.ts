import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readmeBullets } from './allowlist.js'

const readmePath = new URL('../../README.md', import.meta.url)
const heading = '## Differences from the Python client'

/** The README's differences section: its bullets (a bullet may wrap over several lines). */
function sectionBullets(readme: string): string[] {
  const start = readme.indexOf(heading)
  const end = readme.indexOf('\n## ', start + heading.length)
  const body = readme.slice(start + heading.length, end === -1 ? undefined : end)
  return body
    .split(/\n(?=- )/)
    .map((bullet) => bullet.trim().replace(/\s*\n\s*/g, ' '))
    .filter((bullet) => bullet.startsWith('- '))
}

describe('the allowlist of differences', () => {
  it('is what the README says, in the same order (DEBUSINE_TS_WRITE_README=1 rewrites the section)', () => {
    const readme = readFileSync(readmePath, 'utf8')
    if (process.env.DEBUSINE_TS_WRITE_README === '1') {
      const start = readme.indexOf(heading)
      const end = readme.indexOf('\n## ', start + heading.length)
      const intro =
        'Every difference below is in `test/differential/allowlist.ts`, which the differential tests against the Python CLI skip by id; anything else must behave the same.'
      writeFileSync(
        readmePath,
        `${readme.slice(0, start)}${heading}\n\n${intro}\n\n${readmeBullets().join('\n')}\n${end === -1 ? '' : readme.slice(end)}`,
      )
    }
    expect(sectionBullets(readFileSync(readmePath, 'utf8'))).toEqual(readmeBullets())
  })
})
