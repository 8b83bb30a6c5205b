/**
 * `client.archive` against the real Debusine 0.16.2 server: suites created from a base
 * `debian_pipeline` template (searched along the inheritance chain), packages published
 * into a suite, found, copied to another suite and removed.
 */
import { SourcePackageArtifact } from '@debusine-ts/artifacts'
import { setTimeout } from 'node:timers/promises'
import { CollectionCategory, isWorkRequestFinished, TaskName, ValidationError } from '@debusine-ts/models'
import { NotFoundError } from '@debusine-ts/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildSourcePackage,
  removeDirectory,
  temporaryDirectory,
} from '../../artifacts/test/support/debian-fixtures.js'
import { freshWorkspace, realServer, requires, uniqueName } from '../../../tooling/vitest/real-server.js'
import { rejection } from '../../../tooling/vitest/rejection.js'
import { BaseTemplateError, DebusineClient, packageCopyRequest, type CollectionItem } from '../src/index.js'

let workspace: string
let client: DebusineClient
let directory: string

const suite = (name: string) => ({ name, category: CollectionCategory.SUITE })

async function createCollection(category: string, name: string, data: Record<string, unknown> = {}) {
  return client.collections.create({ name, category, data })
}

beforeAll(async () => {
  workspace = await freshWorkspace('archive')
  const server = realServer()
  client = new DebusineClient({ apiUrl: server.apiUrl, token: server.token, scope: server.scope, workspace })
  directory = temporaryDirectory()
  await createCollection(CollectionCategory.SUITE, 'sid', { components: ['main'], architectures: ['amd64'] })
  await createCollection(CollectionCategory.SUITE, 'trixie', {
    components: ['main'],
    architectures: ['amd64'],
  })
  await createCollection(CollectionCategory.QA_RESULTS, 'qa')
})

const started: number[] = []

afterAll(async () => {
  removeDirectory(directory)
  for (const id of started) await client.workRequests.abort(id).catch(() => undefined)
})

/** The suite's items once a publishing workflow's copy step completed (bounded wait). */
async function itemsOnceCopied(suiteName: string, workflow: number): Promise<CollectionItem[]> {
  started.push(workflow)
  const deadline = Date.now() + 90_000
  for (;;) {
    const items = await client.archive.listPackages(suiteName).toArray({ limit: Infinity })
    if (items.length > 0) return items
    const current = await client.workRequests.get(workflow)
    if (isWorkRequestFinished(current) || Date.now() > deadline) {
      throw new Error(
        `workflow ${workflow} copied nothing into ${suiteName}: ${current.status} ${current.result}`,
      )
    }
    await setTimeout(500)
  }
}

requires('collections.create').describe('archive.createSuite', () => {
  it('creates a suite with components main by default', async () => {
    const {
      suite: created,
      relations,
      workflowTemplate,
    } = await client.archive.createSuite({
      name: 'plain',
      architectures: ['amd64', 'arm64'],
    })
    expect(created).toMatchObject({
      name: 'plain',
      category: CollectionCategory.SUITE,
      data: { components: ['main'], architectures: ['amd64', 'arm64'] },
    })
    expect([relations, workflowTemplate]).toEqual([[], undefined])
    expect((await client.collections.get(suite('plain'))).id).toBe(created.id)
  })

  it('from a base template: relations from its QA parameters and a publish-to-SUITE template', async () => {
    const base = await client.workflowTemplates.create({
      name: uniqueName('pipeline'),
      task_name: TaskName.DEBIAN_PIPELINE,
      static_parameters: {
        vendor: 'debian',
        codename: 'sid',
        enable_upload: true,
        qa_suite: 'sid',
        regression_tracking_qa_results: 'qa@debian:qa-results',
      },
      runtime_parameters: { source_artifact: 'any' },
    })
    const created = await client.archive.createSuite({
      name: 'proposed',
      architectures: ['amd64', 'arm64'],
      components: ['main', 'contrib'],
      baseTemplate: base.name,
    })
    expect(created.suite.data).toMatchObject({ components: ['main', 'contrib'] })
    expect(created.relations).toEqual([
      { type: 'suite-targeting', target: { name: 'sid', category: 'debian:suite' } },
      { type: 'suite-default-qa-results', target: { name: 'qa', category: 'debian:qa-results' } },
    ])
    // What the server holds.
    const targeting = await client.collections.relations.getTargets(suite('proposed'), 'suite-targeting')
    expect(targeting.relations.map((relation) => relation.target_collection.name)).toEqual(['sid'])
    const template = await client.workflowTemplates.get('publish-to-proposed')
    expect(created.workflowTemplate?.id).toBe(template.id)
    expect(template).toMatchObject({
      task_name: 'debian_pipeline',
      runtime_parameters: { source_artifact: 'any' },
      static_parameters: {
        vendor: 'debian',
        codename: 'sid',
        qa_suite: 'sid',
        regression_tracking_qa_results: 'qa@debian:qa-results',
        suite: 'proposed@debian:suite',
        architectures_allowlist: ['all', 'amd64', 'arm64'],
      },
    })
    expect(template.static_parameters).not.toHaveProperty('enable_upload')
  })

  it('finds the base template in an inherited workspace of the same scope', async () => {
    const server = realServer()
    const parent = await freshWorkspace('archive-parent')
    const base = await client.workflowTemplates.create(
      { name: uniqueName('parent-pipeline'), task_name: 'debian_pipeline', static_parameters: {} },
      { workspace: parent },
    )
    const child = await freshWorkspace('archive-child')
    await client.workspaces.setInheritance(child, [`${server.scope}/${parent}`])
    const created = await client.archive.createSuite(
      { name: 'from-parent', architectures: ['all', 'amd64'], baseTemplate: base.name },
      { workspace: child },
    )
    expect(created.relations).toEqual([])
    expect((await client.workflowTemplates.get('publish-to-from-parent', { workspace: child })).id).toBe(
      created.workflowTemplate?.id,
    )
    expect(created.workflowTemplate).toMatchObject({
      name: 'publish-to-from-parent',
      static_parameters: { suite: 'from-parent@debian:suite', architectures_allowlist: ['all', 'amd64'] },
    })
  })

  it('a base template that is missing, runs another task or names no collection creates nothing', async () => {
    const missing = await rejection(
      client.archive.createSuite({ name: 'never1', architectures: ['amd64'], baseTemplate: 'nonexistent' }),
    )
    expect(BaseTemplateError.isInstance(missing)).toBe(true)
    expect(missing).toMatchObject({ code: 'base_template_not_found', searched: [workspace] })
    expect(missing.message).toContain("Workflow template 'nonexistent' not found in any parent workspace")

    const noop = await client.workflowTemplates.create({
      name: uniqueName('noop'),
      task_name: 'noop',
      static_parameters: {},
    })
    const wrongTask = await rejection(
      client.archive.createSuite({ name: 'never2', architectures: ['amd64'], baseTemplate: noop.name }),
    )
    expect(wrongTask).toMatchObject({ code: 'base_template_not_pipeline' })
    expect(wrongTask.message).toContain(`'${noop.name}' is not a debian_pipeline template. It runs noop`)

    const badQa = await client.workflowTemplates.create({
      name: uniqueName('bad-qa'),
      task_name: 'debian_pipeline',
      static_parameters: { qa_suite: 'nonexistent' },
    })
    const unknownCollection = await rejection(
      client.archive.createSuite({ name: 'never3', architectures: ['amd64'], baseTemplate: badQa.name }),
    )
    expect(unknownCollection).toMatchObject({ code: 'base_template_collection_not_found' })
    expect(unknownCollection.message).toContain(
      `Cannot find collection "nonexistent" (from 'qa_suite' field in the base template) in workspace '${workspace}'`,
    )
    for (const name of ['never1', 'never2', 'never3']) {
      expect(NotFoundError.isInstance(await rejection(client.collections.get(suite(name))))).toBe(true)
    }
    const noArchitecture = await rejection(client.archive.createSuite({ name: 'never4', architectures: [] }))
    expect(ValidationError.isInstance(noArchitecture)).toBe(true)
  })
})

requires('collections.create').describe('archive packages', () => {
  it('publishes a source package into a suite, finds it, copies it to another suite, removes it', async () => {
    const fixture = buildSourcePackage(directory)
    const local = await SourcePackageArtifact.create({
      name: 'hello',
      version: '1.0-1',
      files: fixture.files,
    })
    const artifact = await client.artifacts.upload(local)
    const published = await client.workflows.start({
      taskName: TaskName.PACKAGE_PUBLISH,
      taskData: { source_artifact: artifact.id, target_suite: 'sid@debian:suite' },
    })
    // The item is copied at once; the workflow then waits for a signing worker (to index
    // the suite) that this server does not have: it is aborted at the end.
    const listed = await itemsOnceCopied('sid', published.id)
    expect(listed.map((item) => item.name)).toEqual(['hello_1.0-1'])
    expect(
      await client.archive.findPackages('sid', { names: ['hello', 'absent'], version: '1.0-1' }),
    ).toEqual([
      { name: 'hello', items: [expect.objectContaining({ name: 'hello_1.0-1' })] },
      { name: 'absent', items: [] },
    ])
    expect(await client.archive.findPackages('sid', { names: ['hello'], version: '2.0-1' })).toEqual([
      { name: 'hello', items: [] },
    ])

    const copy = await client.archive.copyPackage({ source: 'hello', fromSuite: 'sid', toSuite: 'trixie' })
    expect(copy).toMatchObject({
      task_name: 'package_publish',
      workspace,
      task_data: { source_artifact: 'sid@debian:suite/source:hello', target_suite: 'trixie@debian:suite' },
    })
    const inTrixie = await itemsOnceCopied('trixie', copy.id)
    expect(inTrixie.map((item) => item.name)).toEqual(['hello_1.0-1'])

    const dryRun = await client.archive.removePackages('trixie', { names: ['hello'] }, { dryRun: true })
    expect(dryRun[0]?.items.map((item) => item.name)).toEqual(['hello_1.0-1'])
    expect(await client.archive.listPackages('trixie').toArray({ limit: Infinity })).toHaveLength(1)
    const removed: string[] = []
    await client.archive.removePackages(
      'trixie',
      { names: ['hello'] },
      { onRemoved: (item) => removed.push(item.name) },
    )
    expect(removed).toEqual(['hello_1.0-1'])
    expect(await client.archive.listPackages('trixie').toArray({ limit: Infinity })).toEqual([])
    // The copy left the source suite alone.
    expect(await client.archive.listPackages('sid').toArray({ limit: Infinity })).toHaveLength(1)
  })

  it('packageCopyRequest: the task data of every option, a suite of another workspace by lookup', () => {
    expect(
      packageCopyRequest(
        {
          source: 'hello',
          version: '1.0-1',
          fromSuite: 'sid',
          toSuite: 'trixie',
          fromWorkspace: 'System',
          toWorkspace: 'mine',
          includeBinaries: true,
          suiteVariables: { component: 'contrib', section: 'misc', priority: undefined },
          move: true,
          unembargo: true,
        },
        undefined,
      ),
    ).toEqual({
      taskName: 'package_publish',
      workspace: 'mine',
      taskData: {
        source_artifact: '//workspace=System/sid@debian:suite/source-version:hello_1.0-1',
        target_suite: 'trixie@debian:suite',
        suite_variables: { component: 'contrib', section: 'misc' },
        binary_artifacts: {
          collection: '//workspace=System/sid@debian:suite',
          lookup__binaries: '//workspace=System/sid@debian:suite/source-version:hello_1.0-1',
        },
        move: true,
        unembargo: true,
      },
    })
    const error = (() => {
      try {
        packageCopyRequest({ source: '', fromSuite: 'sid', toSuite: 'trixie' }, undefined)
      } catch (thrown) {
        return thrown
      }
    })()
    expect(ValidationError.isInstance(error)).toBe(true)
    expect((error as ValidationError).issues.map((issue) => issue.path)).toEqual(['source', 'fromWorkspace'])
  })
})
