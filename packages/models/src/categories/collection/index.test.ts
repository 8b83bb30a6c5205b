import { describe, expect, it } from 'vitest'
import { CollectionCategory } from '../../enumerations.js'
import { ValidationError } from '../../errors/validation-error.js'
import { parseModel } from '../../parse.js'
import { EnvironmentsItemDataSchema } from './environments.js'
import { collectionDataSchemaFor } from './index.js'
import { PackageBuildLogsItemDataSchema } from './package-build-logs.js'

function rejection(category: CollectionCategory, value: unknown): ValidationError {
  try {
    parseModel(category, collectionDataSchemaFor(category), value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

describe('collection category data', () => {
  it('has a schema for every category', () => {
    for (const category of Object.values(CollectionCategory)) {
      expect(collectionDataSchemaFor(category)).toBeDefined()
    }
    expect(() => collectionDataSchemaFor('debian:nonsense' as CollectionCategory)).toThrow(ValidationError)
  })

  it('types suite data, fills its defaults and keeps undocumented keys', () => {
    const data = parseModel('SuiteCollectionData', collectionDataSchemaFor(CollectionCategory.SUITE), {
      components: ['main', 'contrib'],
      architectures: ['amd64', 'arm64'],
      release_fields: { Origin: 'Debusine', Label: 'Debusine' },
      may_reuse_versions: false,
      added_by_newer_server: 1,
    })
    expect(data).toEqual(
      expect.objectContaining({ exported: true, remove_superseded_versions: true, added_by_newer_server: 1 }),
    )
  })

  it('refuses a documented key of the wrong type', () => {
    expect(rejection(CollectionCategory.SUITE, { components: 'main' }).issues).toEqual([
      expect.objectContaining({ path: 'components', rule: 'invalid_type' }),
    ])
    expect(rejection(CollectionCategory.ARCHIVE, { may_reuse_versions: 'yes' }).issues).toEqual([
      expect.objectContaining({ path: 'may_reuse_versions', rule: 'invalid_type' }),
    ])
  })

  it('requires suite_collection in QA results data and defaults old_items_to_keep to 5', () => {
    const schema = collectionDataSchemaFor(CollectionCategory.QA_RESULTS)
    expect(parseModel('QaResultsCollectionData', schema, { suite_collection: 'sid@debian:suite' })).toEqual({
      suite_collection: 'sid@debian:suite',
      old_items_to_keep: 5,
    })
    expect(rejection(CollectionCategory.QA_RESULTS, {}).issues).toEqual([
      expect.objectContaining({ path: 'suite_collection', rule: 'invalid_union' }),
    ])
  })

  it('defaults old_items_to_keep of the task history and refuses a negative one', () => {
    const schema = collectionDataSchemaFor(CollectionCategory.TASK_HISTORY)
    expect(parseModel('TaskHistoryCollectionData', schema, {})).toEqual({ old_items_to_keep: 5 })
    expect(rejection(CollectionCategory.TASK_HISTORY, { old_items_to_keep: -1 }).issues).toEqual([
      expect.objectContaining({ path: 'old_items_to_keep', rule: 'too_small' }),
    ])
  })

  it('types per-item data', () => {
    expect(
      parseModel('EnvironmentsItemData', EnvironmentsItemDataSchema, {
        codename: 'trixie',
        architecture: 'amd64',
        variant: 'sbuild',
      }),
    ).toEqual({ codename: 'trixie', architecture: 'amd64', variant: 'sbuild' })
    const item = {
      work_request_id: 42,
      vendor: 'debian',
      codename: 'trixie',
      architecture: 'amd64',
      srcpkg_name: 'hello',
      srcpkg_version: '2.10-3',
    }
    expect(parseModel('PackageBuildLogsItemData', PackageBuildLogsItemDataSchema, item)).toEqual(item)
    const rest: Record<string, unknown> = { ...item }
    delete rest.work_request_id
    expect(() => parseModel('PackageBuildLogsItemData', PackageBuildLogsItemDataSchema, rest)).toThrow(
      /work_request_id: .*\(invalid_type\)/,
    )
  })
})
