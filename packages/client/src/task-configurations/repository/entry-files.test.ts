import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TaskConfigurationItemSchema } from '@debusine-ts/models'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { entryKey, listEntryFiles, loadEntryFiles, parseEntryFile, renderEntryFile } from './entry-files.js'
import { InvalidRepositoryError } from './invalid-repository-error.js'

let directory: string
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'entry-files-'))
})
afterEach(async () => {
  await rm(directory, { recursive: true, force: true })
})

const sbuild = TaskConfigurationItemSchema.parse({ task_type: 'Worker', task_name: 'sbuild' })
const base = TaskConfigurationItemSchema.parse({ template: 'base', comment: 'yes' })

describe('entry files', () => {
  it('parses a mapping, a list and an empty file; path and position are ignored', async () => {
    await expect(
      parseEntryFile(
        directory,
        'a.yaml',
        'task_type: Worker\ntask_name: sbuild\npath: x.yaml\nposition: 4\n',
      ),
    ).resolves.toEqual([sbuild])
    await expect(
      parseEntryFile(
        directory,
        'a.yaml',
        '- {task_type: Worker, task_name: sbuild}\n- {template: base, comment: "yes"}\n',
      ),
    ).resolves.toEqual([sbuild, base])
    await expect(parseEntryFile(directory, 'a.yaml', '')).resolves.toEqual([])
  })

  it('names the file, the entry and the rule of an invalid file', async () => {
    const bad = () =>
      parseEntryFile(directory, 'dir/bad.yaml', '- {template: base}\n- {task_name: sbuild, colour: red}\n')
    await expect(bad()).rejects.toThrow(InvalidRepositoryError)
    await expect(bad()).rejects.toThrow(/dir\/bad\.yaml .*entry 1: .*colour.*\[task_configuration_item\]/)
    await expect(parseEntryFile(directory, 'x.yaml', 'key: [unclosed\n')).rejects.toThrow(
      /x\.yaml .*not valid YAML.*\[yaml_syntax\]/,
    )
    await expect(parseEntryFile(directory, 'x.yaml', '- just a string\n')).rejects.toThrow(
      /\[entry_file_shape\]/,
    )
  })

  it('renders one entry as a mapping and several as a list, keys sorted, without path or position', async () => {
    const one = await renderEntryFile([base])
    expect(parse(one)).toMatchObject({ template: 'base' })
    expect(one).not.toMatch(/path|position/)
    const keys = one
      .split('\n')
      .filter((line) => /^\w/.test(line))
      .map((line) => line.split(':')[0])
    expect(keys).toEqual([...keys].sort())
    // YAML 1.1 booleans stay strings for Python readers.
    expect(one).toMatch(/comment: "yes"/)
    const two = await renderEntryFile([sbuild, base])
    expect(parse(two)).toHaveLength(2)
    expect((await parseEntryFile(directory, 'r.yaml', two)).map(entryKey)).toEqual(
      [sbuild, base].map(entryKey),
    )
  })

  it('finds .yaml files at any depth, not .yml nor inside .git', async () => {
    await mkdir(join(directory, 'a', 'b'), { recursive: true })
    await mkdir(join(directory, '.git'))
    await writeFile(join(directory, 'top.yaml'), '')
    await writeFile(join(directory, 'a', 'b', 'deep.yaml'), 'template: t\n')
    await writeFile(join(directory, 'other.yml'), '')
    await writeFile(join(directory, '.git', 'x.yaml'), '')
    expect(await listEntryFiles(directory)).toEqual(['a/b/deep.yaml', 'top.yaml'])
    expect((await loadEntryFiles(directory)).get('a/b/deep.yaml')?.[0]?.template).toBe('t')
  })
})
