/**
 * `artifact import-debian` from an http URL and `work-request sign` on a real
 * `Wait/externaldebsign` work request, through the CLI against the real Debusine server;
 * the import's output compared with the Python CLI's (the server's own) for the same URL.
 */
import { join } from 'node:path'
import { parse } from 'yaml'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ArtifactCategory } from '@debusine-ts/models'
import { removeDirectory } from '../../../packages/artifacts/test/support/debian-fixtures.js'
import type { MixedUploadFixture } from '../../../packages/artifacts/test/support/debian-upload-fixtures.js'
import {
  createSigningKey,
  externalDebsignRequest,
  type SigningKey,
} from '../../../packages/client/test/support/external-debsign.js'
import {
  serveDirectory,
  type LoopbackFileServer,
} from '../../../packages/client/test/support/loopback-file-server.js'
import { DebusineClient } from '../../../packages/client/src/index.js'
import { serveMixedUpload, type ServedUpload } from '../../../packages/client/test/support/served-upload.js'
import { freshWorkspace, pythonClient, realServer } from '../../../tooling/vitest/real-server.js'
import { runCli, writeConfig } from './support/run-cli.js'

let workspace: string
let config: string
let root: string
let fixture: MixedUploadFixture
let server: LoopbackFileServer
let served: ServedUpload
let key: SigningKey
let client: DebusineClient
const workflows: number[] = []

const cli = (argv: string[], env: Record<string, string> = {}) =>
  runCli(['--config-file', config, ...argv], { env })

/** What `artifact import-debian` prints. */
interface Imported {
  message: string
  artifact_id: number
  extends?: { artifact_id: number }[]
}

/** The categories of the artifacts an import's upload extends, in the order printed. */
function extendedCategories(imported: Imported): Promise<string[]> {
  const related = imported.extends ?? []
  return Promise.all(related.map(async ({ artifact_id: id }) => (await client.artifacts.get(id)).category))
}

beforeAll(async () => {
  workspace = await freshWorkspace('cli-debian')
  config = writeConfig({ workspace })
  const env = realServer()
  client = new DebusineClient({ apiUrl: env.apiUrl, token: env.token, scope: env.scope, workspace })
  served = await serveMixedUpload('debusine-ts-cli-debian-')
  ;({ root, fixture, server } = served)
  key = createSigningKey('Test Maintainer <test@example.org>')
})

afterAll(async () => {
  for (const id of workflows) await client.workRequests.abort(id).catch(() => undefined)
  await served.close()
  removeDirectory(key.home)
})

describe('artifact import-debian from a URL', () => {
  it('prints what the Python CLI prints for the same .changes and .dsc URLs', async () => {
    for (const name of ['hello_1.0-1_amd64.changes', 'hello_1.0-1.dsc']) {
      const url = `${server.base}${name}`
      const ours = await cli(['artifact', 'import-debian', '--workspace', workspace, url])
      expect(ours.code, ours.stderr).toBe(0)
      const theirs = await pythonClient(['artifact', 'import-debian', '--workspace', workspace, url], {
        timeout: 120_000,
      })
      expect(theirs.status, theirs.stderr).toBe(0)
      const [ourOutput, theirOutput] = [ours.stdout, theirs.stdout].map((text) => parse(text) as Imported)
      expect(Object.keys(ourOutput!)).toEqual(Object.keys(theirOutput!))
      // The Python client 0.11.3 also made a debian:binary-packages group of a .changes' .debs;
      // later ones do not, nor does debusine-ts.
      const theirCategories = await extendedCategories(theirOutput!)
      expect(await extendedCategories(ourOutput!)).toEqual(
        theirCategories.filter((category) => category !== ArtifactCategory.BINARY_PACKAGES),
      )
      // The artifact's page as the server names it; 0.11.3 names none: then its front page.
      const { url: page } = await client.artifacts.get(ourOutput!.artifact_id)
      expect(ourOutput!.message).toBe(`New artifact created: ${page === '' ? client.webuiUrl('/') : page}`)
    }
  })

  it('a file that differs from its listing: exit 3, the file named', async () => {
    const tampered = await serveDirectory(join(root, 'pool'), {
      'hello_1.0.orig.tar.gz': () => ({ status: 404 }),
    })
    try {
      const run = await cli(['artifact', 'import-debian', `${tampered.base}hello_1.0-1.dsc`])
      expect(run.code).toBe(3)
      expect(run.stderr).toContain('hello_1.0.orig.tar.gz: HTTP 404')
    } finally {
      await tampered.close()
    }
  })
})

describe('work-request sign', () => {
  it('signs with debsign and completes a real Wait/externaldebsign work request', async () => {
    const { artifact } = await client.debian.import(fixture.changes)
    const { workflow, wait } = await externalDebsignRequest(client, artifact.id)
    workflows.push(workflow.id)
    const signed = await cli(
      ['work-request', 'sign', String(wait.id), '--yaml', '--', '-k', key.fingerprint],
      {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        GNUPGHOME: key.home,
      },
    )
    expect(signed.code, signed.stderr).toBe(0)
    expect(signed.stderr).toMatch(/Signed upload: artifact \d+/)
    expect(parse(signed.stdout)).toMatchObject({ id: wait.id, status: 'completed', result: 'success' })
  })
})
