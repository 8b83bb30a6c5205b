import { describe, expect, it } from 'vitest'
import { toYaml } from './yaml-output.js'
import { writeJsonList, writeYamlList } from './list-output.js'

const items = [
  {
    id: 1,
    task_data: { script: 'line one\nline two\n', on: 'yes' },
    artifacts: [],
    created_at: '2026-01-01T00:00:00Z',
  },
  { id: 2, task_data: {}, artifacts: [7, 8], nested: [{ a: [1, { b: null }] }], text: "it's: quoted" },
  { id: 3, empty: '', unicode: 'é ✓', list: [[]] },
]

async function* slowly<Item>(
  list: readonly Item[],
  written: () => string,
  seen: string[],
): AsyncGenerator<Item> {
  for (const item of list) {
    seen.push(written())
    yield await Promise.resolve(item)
  }
}

function sink(): { write: (text: string) => boolean; text: () => string } {
  let text = ''
  return { write: (chunk: string) => ((text += chunk), true), text: () => text }
}

describe('lists printed as they arrive', () => {
  it('YAML: the same bytes as the whole list at once, each item written before the next is read', async () => {
    const out = sink()
    const seen: string[] = []
    await writeYamlList(out, slowly(items, out.text, seen))
    expect(out.text()).toBe(await toYaml(items))
    expect(seen[2]).toBe(await toYaml(items.slice(0, 2)))
    const empty = sink()
    await writeYamlList(empty, slowly([], empty.text, []))
    expect(empty.text()).toBe(await toYaml([]))
  })

  it('JSON: the same bytes as JSON.stringify(list, null, 2), each item written before the next is read', async () => {
    const out = sink()
    const seen: string[] = []
    await writeJsonList(out, slowly(items, out.text, seen))
    expect(out.text()).toBe(`${JSON.stringify(items, null, 2)}\n`)
    expect(seen[1]!.length).toBeGreaterThan(0)
    const empty = sink()
    await writeJsonList(empty, slowly([], empty.text, []))
    expect(empty.text()).toBe(`${JSON.stringify([], null, 2)}\n`)
  })
})
