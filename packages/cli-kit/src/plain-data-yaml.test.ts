import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { seededRandom, type Random } from '../../../tooling/fault-proxy/random.js'
import { Document } from 'yaml'
import { nonStringPatterns, plainDataYaml } from './plain-data-yaml.js'
import { toYaml, yamlByLibrary } from './yaml-output.js'

// Real answers of the server (the models' fixtures), the first page of work requests among them.
const fixtures = new URL('../../models/src/fixtures/', import.meta.url)
const answers = readdirSync(fixtures)
  .filter((name) => name.endsWith('.json'))
  .map((name) => [name, JSON.parse(readFileSync(new URL(name, fixtures), 'utf8')) as unknown] as const)

// Strings a YAML 1.1 reader takes for something else, strings that cannot be plain, and
// strings the fast path leaves to the library.
const trickyStrings = [
  ...['', ' ', 'plain', 'two words', 'a:b', 'http://x.example/a?b=1#c', 'é ✓', 'emoji 😀', 'a"b', 'x-y_z.1'],
  ...['y', 'Y', 'n', 'yes', 'No', 'ON', 'off', 'true', 'False', 'null', 'Null', 'NULL', '~', '<<', '='],
  ...['0', '-1', '+1', '007', '0x1F', '0b101', '0o17', '1_000', '1:20', '190:20:30.15', '1e3', '1.5', '.5'],
  ...['.inf', '-.Inf', '.NaN', '2026-11-26', '2026-11-26T12:00:00.123456Z', '2001-12-14 21:59:43.10 -5'],
  ...[
    ' lead',
    'trail ',
    'end:',
    'a: b',
    'a #b',
    'a#b',
    '#c',
    '- x',
    '-',
    '?',
    '? x',
    ':x',
    '-x',
    '--',
    '---x',
  ],
  ...[
    '@x',
    '`x',
    '%x',
    '!x',
    '&x',
    '*x',
    '|',
    '>',
    '{x',
    '[x',
    ']',
    ',x',
    "'x",
    "it's",
    'tab\tx',
    'a\nb',
    '...',
  ],
  ...['control\u0007', 'lone \uD800', 'line\n', '--- doc'],
]

function randomValue(random: Random, depth: number): unknown {
  const pick = random.int(0, depth >= 4 ? 4 : 7)
  if (pick <= 1) return trickyStrings[random.int(0, trickyStrings.length - 1)]
  if (pick === 2)
    return random.chance(0.7) ? random.int(-1e6, 1e6) : (random.next() - 0.5) * 10 ** random.int(-20, 22)
  if (pick === 3) return random.chance(0.5) ? random.chance(0.5) : null
  if (pick === 4) return random.chance(0.5) ? [] : {}
  if (pick <= 5) return Array.from({ length: random.int(1, 4) }, () => randomValue(random, depth + 1))
  const entries = Array.from({ length: random.int(1, 4) }, () => [
    trickyStrings[random.int(0, trickyStrings.length - 1)]!,
    randomValue(random, depth + 1),
  ])
  return Object.fromEntries(entries)
}

describe('toYaml written directly for plain data', () => {
  it("quotes the strings of the yaml library's own 1.1 schema, without loading it", () => {
    const { tags, compat } = new Document(null, { version: '1.1' }).schema
    const libraryPatterns = [...tags, ...(compat ?? [])].flatMap((tag) =>
      tag.default === true && tag.tag !== 'tag:yaml.org,2002:str' && 'test' in tag && tag.test !== undefined
        ? [String(tag.test)]
        : [],
    )
    expect(nonStringPatterns.map(String)).toEqual(libraryPatterns)
  })

  it('gives the bytes of the yaml library for every answer of the server, and writes them itself', async () => {
    expect(answers.length).toBeGreaterThan(10)
    for (const [name, answer] of answers) {
      expect(await toYaml(answer), name).toBe(await yamlByLibrary(answer))
      // A list prints each item as a list of one.
      for (const item of Array.isArray(answer) ? answer : [])
        expect(await toYaml([item]), name).toBe(await yamlByLibrary([item]))
    }
    const page = answers.find(([name]) => name === 'work-request-list.json')![1] as { results: unknown[] }
    expect(plainDataYaml(page.results)).toBe(await yamlByLibrary(page.results))
  })

  it('quotes, and leaves to the library, the same strings as the library, as keys and values', async () => {
    let written = 0
    for (const text of trickyStrings) {
      for (const value of [
        text,
        [text],
        { [text]: text },
        [{ key: text, list: [text] }],
        { key: { [text]: [text] } },
      ]) {
        expect(await toYaml(value), JSON.stringify(value)).toBe(await yamlByLibrary(value))
        if (plainDataYaml(value) !== undefined) written += 1
      }
    }
    expect(written).toBeGreaterThan(trickyStrings.length * 3)
    expect(plainDataYaml({ text: 'a\nb' })).toBeUndefined()
    expect(plainDataYaml({ text: "it's" })).toBeUndefined()
    expect(plainDataYaml([Number.NaN, -0])).toBeUndefined()
    expect(plainDataYaml({ ['k'.repeat(1025)]: 1 })).toBeUndefined()
    expect(plainDataYaml({ at: new Date(0) })).toBeUndefined()
  })

  it('gives the bytes of the library for 3,000 random nestings of maps, lists and scalars (seed 11)', async () => {
    const random = seededRandom(11)
    let written = 0
    for (let index = 0; index < 3000; index += 1) {
      const value = randomValue(random, 0)
      expect(await toYaml(value), JSON.stringify(value)).toBe(await yamlByLibrary(value))
      if (plainDataYaml(value) !== undefined) written += 1
    }
    expect(written).toBeGreaterThan(1000)
  })
})
