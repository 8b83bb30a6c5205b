/**
 * `archive token grant|list|revoke` and `archive package copy` against the real Debusine
 * 0.16.2 server, in-process (`archive suite create`: archive-suite.test.ts).
 */
import { createHash } from 'node:crypto'
import { parse } from 'yaml'
import { beforeAll, expect, it } from 'vitest'
import { realServer, requires, serverLacks, uniqueName } from '../../../tooling/vitest/real-server.js'
import { archiveWorkspace } from './support/archive-workspace.js'
import { runCli, writeConfig } from './support/run-cli.js'

let config: string
let noroleConfig: string
let workspace: string

const cli = (argv: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(['--config-file', config, ...argv], options)

beforeAll(async () => {
  // Archives are collections, which 0.11 has no API for.
  if (serverLacks('collections.create')) return
  ;({ workspace, config } = await archiveWorkspace('cli-archive'))
  noroleConfig = writeConfig({ workspace, token: realServer().noroleToken })
})

requires('collections.create').describe('archive token', () => {
  it('grants to an external username (key shown once), lists, grants the token on a suite, revokes', async () => {
    const username = uniqueName('ext')
    const granted = await cli([
      'archive',
      'token',
      'grant',
      '--external-username',
      username,
      '--comment',
      'CI',
      'viewer',
    ])
    expect(granted.code, granted.stderr).toBe(0)
    const key = /Token key \(only shown once\):\s+([0-9a-f]{64})/.exec(granted.stdout)?.[1]
    expect(key).toBeDefined()
    const hash = createHash('sha256')
      .update(key ?? '')
      .digest('hex')
    expect(granted.stdout).toMatch(new RegExp(`Token hash:\\s+${hash}`))
    expect(granted.stdout).toMatch(/Token type:\s+external-user/)

    const yaml = await cli(['archive', 'token', 'list', '--yaml'])
    expect(yaml.code, yaml.stderr).toBe(0)
    const listed = parse(yaml.stdout) as Record<string, unknown>[]
    expect(listed).toEqual([
      {
        links: {},
        token_type: 'external-user',
        token_hash: hash,
        token_key: null,
        username,
        comment: 'CI',
        role: 'viewer',
      },
    ])
    // The Python model's field order.
    expect(Object.keys(listed[0]!)).toEqual([
      'links',
      'token_type',
      'token_hash',
      'token_key',
      'username',
      'comment',
      'role',
    ])
    const table = await cli(['archive', 'token', 'list'])
    expect(table.stdout).toMatch(/Token type\s+Token hash\s+Username\s+Comment\s+Role/)
    expect(table.stdout).toMatch(new RegExp(`external-user\\s+${hash}\\s+${username}\\s+CI\\s+viewer`))

    // The same token by hash, on a suite: no new key.
    const onSuite = await cli([
      'archive',
      'token',
      'grant',
      '--suite',
      'sid',
      '--token',
      hash,
      'viewer',
      '--json',
    ])
    expect(onSuite.code, onSuite.stderr).toBe(0)
    expect(JSON.parse(onSuite.stdout)).toEqual({
      token_type: 'external-user',
      token_hash: hash,
      username,
      comment: 'CI',
      role: 'viewer',
    })
    const suiteList = await cli(['archive', 'token', 'list', '--suite', 'sid', '--json'])
    expect(
      (JSON.parse(suiteList.stdout) as { token_hash: string }[]).map((grant) => grant.token_hash),
    ).toEqual([hash])

    const revoked = await cli(['archive', 'token', 'revoke', hash, 'viewer'])
    expect(revoked.code, revoked.stderr).toBe(0)
    expect(revoked.stderr).toContain(`Role 'viewer' revoked from ${hash}.`)
    expect(revoked.stdout).toBe('')
    expect(parse((await cli(['archive', 'token', 'list', '--yaml'])).stdout)).toEqual([])
    const revokedJson = await cli(['archive', 'token', 'revoke', '--suite', 'sid', hash, 'viewer', '--json'])
    expect(JSON.parse(revokedJson.stdout)).toEqual({ result: 'success' })
    expect(JSON.parse((await cli(['archive', 'token', 'list', '--suite', 'sid', '--json'])).stdout)).toEqual(
      [],
    )
  })

  it('a user token is refused, with the reason (3); a bad role (2); neither token nor username (3)', async () => {
    const userHash = createHash('sha256').update(realServer().noroleToken).digest('hex')
    const userToken = await cli(['archive', 'token', 'grant', '--token', userHash, 'viewer'])
    expect(userToken.code).toBe(3)
    expect(userToken.stderr).toContain('Cannot grant roles to user tokens')

    const badRole = await cli(['archive', 'token', 'grant', '--external-username', 'x', 'owner'])
    expect(badRole.code).toBe(2)
    expect(badRole.stderr).toContain("invalid choice: 'owner' (choose from 'viewer')")
    expect((await cli(['archive', 'token', 'revoke', 'abc', 'admin'])).code).toBe(2)

    const nobody = await cli(['archive', 'token', 'grant', 'viewer'])
    expect(nobody.code).toBe(3)
    expect(nobody.stderr).toContain('at least one of token_hash and username')
  })

  it('server errors: an unknown grant, an unknown suite, a user who does not own the workspace (3)', async () => {
    const unknown = await cli(['archive', 'token', 'revoke', '0'.repeat(64), 'viewer'])
    expect(unknown.code).toBe(3)
    const missingSuite = await cli(['archive', 'token', 'list', '--suite', 'nonexistent'])
    expect(missingSuite.code).toBe(3)
    const denied = await runCli([
      '--config-file',
      noroleConfig,
      'archive',
      'token',
      'grant',
      '-w',
      'System',
      '--external-username',
      uniqueName('ext'),
      'viewer',
    ])
    expect(denied.code).toBe(3)
    expect(denied.stderr).toMatch(/cannot configure collection _@debian:archive/)
    expect(denied.stderr).toContain("Hint: The token's user lacks the permission for this")
  })
})

requires('collections.create').describe('archive package copy', () => {
  it('--dry-run prints the task data: table, --yaml, every option', async () => {
    const table = await cli([
      'archive',
      'package',
      'copy',
      '--from-suite',
      'sid',
      '--to-suite',
      'trixie',
      'hello',
      '--dry-run',
    ])
    expect(table.code, table.stderr).toBe(0)
    expect(table.stdout).toMatch(/Task name:\s+package_publish/)
    expect(table.stdout).toMatch(new RegExp(`Workspace:\\s+${workspace}`))
    expect(table.stdout).toContain('sid@debian:suite/source:hello')

    const yaml = await cli([
      'archive',
      'package',
      'copy',
      '--yaml',
      '--dry-run',
      '--from-workspace',
      'System',
      '--to-workspace',
      workspace,
      '--from-suite',
      'sid',
      '--to-suite',
      'trixie',
      '--source-version',
      '1.0-1',
      '--include-binaries',
      '--component',
      'contrib',
      '--section',
      'misc',
      '--priority',
      'optional',
      '--move',
      '--unembargo',
      'hello',
    ])
    expect(yaml.code, yaml.stderr).toBe(0)
    const from = '//workspace=System/sid@debian:suite'
    expect(parse(yaml.stdout)).toEqual({
      task_name: 'package_publish',
      workspace,
      task_data: {
        source_artifact: `${from}/source-version:hello_1.0-1`,
        target_suite: 'trixie@debian:suite',
        suite_variables: { component: 'contrib', section: 'misc', priority: 'optional' },
        binary_artifacts: { collection: from, lookup__binaries: `${from}/source-version:hello_1.0-1` },
        move: true,
        unembargo: true,
      },
    })
  })

  it('starts a package_publish workflow; the server answers 201 pending, then it errors (nothing to copy)', async () => {
    const started = await cli([
      'archive',
      'package',
      'copy',
      '--from-suite',
      'sid',
      '--to-suite',
      'trixie',
      'hello',
      '--json',
    ])
    expect(started.code, started.stderr).toBe(0)
    expect(started.stderr).toMatch(/Copy requested: http.*\/work-request\/\d+\//)
    const workflow = JSON.parse(started.stdout) as Record<string, unknown>
    expect(workflow).toMatchObject({
      task_type: 'Workflow',
      task_name: 'package_publish',
      status: 'pending',
      workspace,
      task_data: {
        source_artifact: 'sid@debian:suite/source:hello',
        target_suite: 'trixie@debian:suite',
        suite_variables: {},
      },
    })
    // The suite holds no "hello": the server's workflow fails to look it up (result error, exit 11).
    const watched = await cli(['work-request', 'watch', String(workflow.id), '--timeout', '60', '--json'])
    expect(watched.code, watched.stderr).toBe(11)
    expect(JSON.parse(watched.stdout)).toMatchObject({ status: 'completed', result: 'error' })
  })

  it('usage and permission errors: no --to-suite (2), not the workspace owner (3, says why)', async () => {
    const missing = await cli(['archive', 'package', 'copy', '--from-suite', 'sid', 'hello'])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain('--to-suite')
    const denied = await runCli([
      '--config-file',
      noroleConfig,
      'archive',
      'package',
      'copy',
      '--from-workspace',
      'System',
      '--from-suite',
      'sid',
      '--to-suite',
      'trixie',
      'hello',
    ])
    expect(denied.code).toBe(3)
    expect(denied.stderr).toContain('Error (403): norole cannot create work requests in debusine/System')
  })
})
