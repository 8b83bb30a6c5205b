/**
 * `archive suite create --base-workflow-template` against the real Debusine 0.16.2 server,
 * in-process.
 */
import { parse } from 'yaml'
import { beforeAll, expect, it } from 'vitest'
import { requires, serverLacks, uniqueName } from '../../../tooling/vitest/real-server.js'
import { archiveWorkspace } from './support/archive-workspace.js'
import { runCli } from './support/run-cli.js'

let config: string
let workspace: string

const cli = (argv: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(['--config-file', config, ...argv], options)

beforeAll(async () => {
  // Suites are collections, which 0.11 has no API for.
  if (serverLacks('collections.create')) return
  ;({ workspace, config } = await archiveWorkspace('cli-archive-suite'))
})

requires('collections.create').describe('archive suite create --base-workflow-template', () => {
  it('copies the QA parameters into relations and creates publish-to-SUITE', async () => {
    const base = uniqueName('pipeline')
    const template = await cli(['workflow-template', 'create', 'debian_pipeline', base, '--json'], {
      stdin: [
        'static_parameters:',
        '  vendor: debian',
        '  codename: sid',
        '  enable_upload: true',
        '  qa_suite: sid',
        '  regression_tracking_qa_results: qa@debian:qa-results',
        'runtime_parameters:',
        '  source_artifact: any',
        '',
      ].join('\n'),
    })
    expect(template.code, template.stderr).toBe(0)

    const created = await cli([
      'archive',
      'suite',
      'create',
      'proposed',
      '--architecture',
      'amd64',
      '--architecture',
      'arm64',
      '--base-workflow-template',
      base,
    ])
    expect(created.code, created.stderr).toBe(0)
    const document = parse(created.stdout) as Record<string, unknown>
    expect(Object.keys(document)).toEqual(['result', 'suite', 'relations', 'workflow_template'])
    expect(document.result).toBe('success')
    expect(document.suite).toMatch(new RegExp(`/${workspace}/collection/debian:suite/proposed/$`))
    expect(document.relations).toEqual({
      'suite-targeting': 'sid@debian:suite',
      'suite-default-qa-results': 'qa@debian:qa-results',
    })
    expect(document.workflow_template).toMatch(
      new RegExp(`/${workspace}/workflow-template/publish-to-proposed/$`),
    )

    const publish = await cli(['workflow-template', 'show', 'publish-to-proposed', '--json'])
    expect(publish.code, publish.stderr).toBe(0)
    const published = JSON.parse(publish.stdout) as Record<string, unknown>
    expect(published).toMatchObject({
      task_name: 'debian_pipeline',
      runtime_parameters: { source_artifact: 'any' },
      priority: 0,
    })
    expect(published.static_parameters).toEqual({
      vendor: 'debian',
      codename: 'sid',
      qa_suite: 'sid',
      regression_tracking_qa_results: 'qa@debian:qa-results',
      suite: 'proposed@debian:suite',
      architectures_allowlist: ['all', 'amd64', 'arm64'],
    })
    const relations = await cli([
      'collection',
      'relation',
      'list',
      '--json',
      '--from',
      'proposed@debian:suite',
    ])
    expect(
      (JSON.parse(relations.stdout) as { type: string; target_collection: { name: string } }[])
        .map((relation) => [relation.type, relation.target_collection.name])
        .sort(),
    ).toEqual([
      ['suite-default-qa-results', 'qa'],
      ['suite-targeting', 'sid'],
    ])
  })

  it('finds the template in an inherited workspace; without QA parameters, no relations', async () => {
    const base = uniqueName('parent-pipeline')
    const template = await cli(['workflow-template', 'create', '-w', 'System', 'debian_pipeline', base], {
      stdin: 'static_parameters: {vendor: debian, architectures_allowlist: [amd64]}\n',
    })
    expect(template.code, template.stderr).toBe(0)
    const inherited = await cli(['workspace', 'inheritance', '--append', 'System'])
    expect(inherited.code, inherited.stderr).toBe(0)
    try {
      const created = await cli([
        'archive',
        'suite',
        'create',
        'from-parent',
        '--architecture',
        'all',
        '--architecture',
        'amd64',
        '--base-workflow-template',
        base,
        '--json',
      ])
      expect(created.code, created.stderr).toBe(0)
      const result = JSON.parse(created.stdout) as Record<string, unknown>
      expect(result).not.toHaveProperty('relations')
      expect(result).toMatchObject({
        result: 'success',
        template: {
          name: 'publish-to-from-parent',
          // `all` given already: kept where it was, not added twice.
          static_parameters: {
            vendor: 'debian',
            architectures_allowlist: ['all', 'amd64'],
            suite: 'from-parent@debian:suite',
          },
        },
      })
    } finally {
      await cli(['workspace', 'inheritance', '--remove', 'System'])
      await cli(['workflow-template', 'delete', '-w', 'System', base])
    }
  })

  it('a missing or non-debian_pipeline template: exit 3, and no suite is created', async () => {
    const missing = await cli([
      'archive',
      'suite',
      'create',
      'never1',
      '--architecture',
      'amd64',
      '--base-workflow-template',
      'nonexistent',
    ])
    expect(missing.code).toBe(3)
    expect(missing.stderr).toContain(
      "Workflow template 'nonexistent' not found in any parent workspace in this scope.",
    )
    const noop = uniqueName('noop')
    expect(
      (await cli(['workflow-template', 'create', 'noop', noop], { stdin: 'static_parameters: {}\n' })).code,
    ).toBe(0)
    const wrongTask = await cli([
      'archive',
      'suite',
      'create',
      'never2',
      '--architecture',
      'amd64',
      '--base-workflow-template',
      noop,
    ])
    expect(wrongTask.code).toBe(3)
    expect(wrongTask.stderr).toContain(`Workflow template '${noop}' is not a debian_pipeline template.`)
    for (const name of ['never1', 'never2']) {
      expect((await cli(['collection', 'show', 'debian:suite', name])).code).toBe(3)
    }
  })

  it('a QA parameter naming no collection: exit 3 naming the parameter', async () => {
    const base = uniqueName('bad-qa')
    const template = await cli(['workflow-template', 'create', 'debian_pipeline', base], {
      stdin: 'static_parameters: {qa_suite: nonexistent}\n',
    })
    expect(template.code, template.stderr).toBe(0)
    const created = await cli([
      'archive',
      'suite',
      'create',
      'bad-qa',
      '--architecture',
      'amd64',
      '--base-workflow-template',
      base,
    ])
    expect(created.code).toBe(3)
    expect(created.stderr).toContain(
      `Cannot find collection "nonexistent" (from 'qa_suite' field in the base template) in workspace '${workspace}'`,
    )
  })
})
