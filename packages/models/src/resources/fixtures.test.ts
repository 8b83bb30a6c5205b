// Bodies captured from a real Debusine 0.16.2 server (src/fixtures/*.json, token-free):
// each must parse with the schema the client uses for it.
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import artifactCreatedWithFiles from '../fixtures/artifact-created-with-files.json' with { type: 'json' }
import artifactCreated from '../fixtures/artifact-created.json' with { type: 'json' }
import artifactDebugLogs from '../fixtures/artifact-debug-logs.json' with { type: 'json' }
import collectionCreated from '../fixtures/collection-created.json' with { type: 'json' }
import collectionList from '../fixtures/collection-list.json' with { type: 'json' }
import collectionWithStats from '../fixtures/collection-with-stats.json' with { type: 'json' }
import inheritanceChain from '../fixtures/inheritance-chain.json' with { type: 'json' }
import lookupMultiple from '../fixtures/lookup-multiple.json' with { type: 'json' }
import lookupSingleArtifact from '../fixtures/lookup-single-artifact.json' with { type: 'json' }
import lookupSingleCollection from '../fixtures/lookup-single-collection.json' with { type: 'json' }
import relationCreated from '../fixtures/relation-created.json' with { type: 'json' }
import relationList from '../fixtures/relation-list.json' with { type: 'json' }
import taskConfigurationContents from '../fixtures/task-configuration-contents.json' with { type: 'json' }
import whoamiAnonymous from '../fixtures/whoami-anonymous.json' with { type: 'json' }
import whoami from '../fixtures/whoami.json' with { type: 'json' }
import workRequestCompleted from '../fixtures/work-request-completed.json' with { type: 'json' }
import workRequestCreated from '../fixtures/work-request-created.json' with { type: 'json' }
import workRequestList from '../fixtures/work-request-list.json' with { type: 'json' }
import workflowCreated from '../fixtures/workflow-created.json' with { type: 'json' }
import workflowTemplateCreated from '../fixtures/workflow-template-created.json' with { type: 'json' }
import workflowTemplateList from '../fixtures/workflow-template-list.json' with { type: 'json' }
import { parseResponse } from '../parse.js'
import { ArtifactSchema } from './artifact.js'
import { CollectionSchema } from './collection.js'
import { InheritanceChainSchema } from './inheritance.js'
import {
  LookupArtifactResponseSchema,
  LookupCollectionResponseSchema,
  LookupMultipleResponseSchema,
  normalizeLookupResult,
} from './lookup.js'
import { paginatedSchema } from './pagination.js'
import { RelationListSchema, RelationSchema } from './relation.js'
import { TaskConfigurationCollectionContentsSchema } from './task-configuration.js'
import { WhoAmISchema } from './whoami.js'
import { WorkRequestSchema } from './work-request.js'
import { WorkflowTemplateSchema } from './workflow-template.js'

const cases: [string, z.ZodType, unknown][] = [
  ['artifact-created', ArtifactSchema, artifactCreated],
  ['artifact-created-with-files', ArtifactSchema, artifactCreatedWithFiles],
  ['artifact-debug-logs', ArtifactSchema, artifactDebugLogs],
  ['collection-created', CollectionSchema, collectionCreated],
  ['collection-list', paginatedSchema(CollectionSchema), collectionList],
  ['collection-with-stats', CollectionSchema, collectionWithStats],
  ['inheritance-chain', InheritanceChainSchema, inheritanceChain],
  ['lookup-multiple', LookupMultipleResponseSchema, lookupMultiple],
  ['lookup-single-artifact', LookupArtifactResponseSchema, lookupSingleArtifact],
  ['lookup-single-collection', LookupCollectionResponseSchema, lookupSingleCollection],
  ['relation-created', RelationSchema, relationCreated],
  ['relation-list', RelationListSchema, relationList],
  ['task-configuration-contents', TaskConfigurationCollectionContentsSchema, taskConfigurationContents],
  ['whoami', WhoAmISchema, whoami],
  ['whoami-anonymous', WhoAmISchema, whoamiAnonymous],
  ['work-request-created', WorkRequestSchema, workRequestCreated],
  ['work-request-completed', WorkRequestSchema, workRequestCompleted],
  ['work-request-list', paginatedSchema(WorkRequestSchema), workRequestList],
  ['workflow-created', WorkRequestSchema, workflowCreated],
  ['workflow-template-created', WorkflowTemplateSchema, workflowTemplateCreated],
  ['workflow-template-list', paginatedSchema(WorkflowTemplateSchema), workflowTemplateList],
]

describe('bodies of a real 0.16.2 server', () => {
  it.each(cases)('%s parses and keeps every field', (name, schema, body) => {
    const value = parseResponse(name, schema, body)
    // Nothing is dropped: what was received is still there (defaults may add fields).
    expect(value).toMatchObject(body as object)
  })

  it('a completed work request carries a float duration and its worker', () => {
    const request = WorkRequestSchema.parse(workRequestCompleted)
    expect(request).toMatchObject({ status: 'completed', result: 'success' })
    expect(request.worker).toBeTypeOf('number')
    expect(Number.isInteger(request.duration)).toBe(false)
  })

  it('a workflow is its own workflow root', () => {
    const workflow = WorkRequestSchema.parse(workflowCreated)
    expect(workflow.task_type).toBe('Workflow')
    expect(workflow.workflow_root).toBe(workflow.id)
  })

  it('the work request list is a cursor page without count', () => {
    expect(paginatedSchema(WorkRequestSchema).parse(workRequestList).count).toBeNull()
    expect(paginatedSchema(CollectionSchema).parse(collectionList).count).toBe(collectionList.results.length)
  })

  it('lookup results normalize', () => {
    expect(normalizeLookupResult(LookupArtifactResponseSchema.parse(lookupSingleArtifact)).artifact).toBe(1)
    expect(
      normalizeLookupResult(LookupCollectionResponseSchema.parse(lookupSingleCollection)).collection_info,
    ).toEqual({
      name: 'default',
      category: 'debusine:task-configuration',
    })
  })
})
