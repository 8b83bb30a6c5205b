/**
 * `client.debian.signUpload` against the real Debusine 0.16.2 server: real
 * `Wait/externaldebsign` work requests (children of `package_upload` workflows) completed
 * with uploads signed by `debsign` with a real OpenPGP key.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { WorkRequestResult, WorkRequestStatus } from '@debusine-ts/models'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buildSourcePackage,
  removeDirectory,
  temporaryDirectory,
  type SourcePackageFixture,
} from '../../artifacts/test/support/debian-fixtures.js'
import { freshWorkspace, realServer } from '../../../tooling/vitest/real-server.js'
import { rejection } from '../../../tooling/vitest/rejection.js'
import { DebusineClient, debsign, ExternalDebsignError, UploadSignerError } from '../src/index.js'
import { countingFetch } from './support/artifact-counting-fetch.js'
import { createSigningKey, externalDebsignRequest, type SigningKey } from './support/external-debsign.js'

let client: DebusineClient
let root: string
let fixture: SourcePackageFixture
let key: SigningKey
const workflows: number[] = []

beforeAll(async () => {
  const workspace = await freshWorkspace('debsign')
  const env = realServer()
  client = new DebusineClient({ apiUrl: env.apiUrl, token: env.token, scope: env.scope, workspace })
  root = temporaryDirectory('debusine-ts-debsign-test-')
  fixture = buildSourcePackage(root)
  key = createSigningKey('Test Maintainer <test@example.org>')
})

afterAll(async () => {
  // The uploads go to a queue nobody listens on: stop what is left of the workflows.
  for (const id of workflows) await client.workRequests.abort(id).catch(() => undefined)
  removeDirectory(root)
  removeDirectory(key.home)
})

async function waitingRequest() {
  const { artifact } = await client.debian.import(fixture.changes)
  const { workflow, wait } = await externalDebsignRequest(client, artifact.id)
  workflows.push(workflow.id)
  return { unsignedId: artifact.id, wait }
}

const signer = () => debsign({ args: ['-k', key.fingerprint], env: { ...process.env, GNUPGHOME: key.home } })

describe('debian.signUpload', () => {
  it('downloads the unsigned upload, signs it with debsign, uploads it and completes the work request', async () => {
    const { unsignedId, wait } = await waitingRequest()
    const announced: number[] = []
    const result = await client.debian.signUpload(wait.id, {
      signer: signer(),
      onSignedUpload: (artifact) => announced.push(artifact.id),
    })
    expect(result.unsigned.id).toBe(unsignedId)
    expect(announced).toEqual([result.signed.id])
    expect(result.workRequest).toMatchObject({
      id: wait.id,
      status: WorkRequestStatus.COMPLETED,
      result: WorkRequestResult.SUCCESS,
    })
    // What the server holds: a signed .changes and .dsc, the tarballs those of the unsigned upload.
    const signed = await client.artifacts.get(result.signed.id)
    expect(signed.category).toBe('debian:upload')
    expect(Object.keys(signed.files).sort()).toEqual(Object.keys(result.unsigned.files).sort())
    for (const name of ['hello_1.0.orig.tar.gz', 'hello_1.0-1.debian.tar.xz']) {
      expect(signed.files[name]?.checksums.sha256).toBe(result.unsigned.files[name]?.checksums.sha256)
    }
    for (const name of ['hello_1.0-1_source.changes', 'hello_1.0-1.dsc']) {
      const text = await new Response(await client.artifacts.openFile(signed, name)).text()
      expect(text.startsWith('-----BEGIN PGP SIGNED MESSAGE-----')).toBe(true)
      // gpg checks the signature with the test key (it throws on a bad one).
      key.gpg(['--verify'], text)
    }
    const relations = await client.relations.list({ artifact: signed.id })
    expect(relations.map((relation) => [relation.type, relation.target])).toContainEqual([
      'relates-to',
      unsignedId,
    ])
  })

  it('with a local copy: each file checked against the server first; a changed one is refused before anything is sent', async () => {
    const { wait } = await waitingRequest()
    const local = join(root, 'local')
    mkdirSync(local)
    for (const file of [fixture.changes, ...fixture.files]) copyFileSync(file, join(local, basename(file)))
    const dsc = join(local, 'hello_1.0-1.dsc')
    const original = readFileSync(dsc, 'utf8')
    writeFileSync(dsc, original.replace('Standards-Version: 4.6.2', 'Standards-Version: 4.6.3'))
    const env = realServer()
    const counter = countingFetch()
    const counted = new DebusineClient({ apiUrl: env.apiUrl, token: env.token, fetch: counter.fetch })
    const changed = await rejection(
      counted.debian.signUpload(wait.id, {
        signer: signer(),
        localChangesFile: join(local, basename(fixture.changes)),
      }),
    )
    expect(ExternalDebsignError.isInstance(changed)).toBe(true)
    expect(changed).toMatchObject({ code: 'local_file_mismatch', workRequestId: wait.id })
    expect(changed.message).toContain(`${dsc} differs from the file of artifact`)
    expect(counter.requests.filter((request) => !request.startsWith('GET '))).toEqual([])
    const notChanges = await rejection(
      client.debian.signUpload(wait.id, { signer: signer(), localChangesFile: dsc }),
    )
    expect(notChanges).toMatchObject({ code: 'local_file_invalid' })

    writeFileSync(dsc, original)
    const result = await client.debian.signUpload(wait.id, {
      signer: signer(),
      localChangesFile: join(local, basename(fixture.changes)),
    })
    expect(result.workRequest.result).toBe(WorkRequestResult.SUCCESS)
    // The local files were copied, not signed in place.
    expect(readFileSync(dsc, 'utf8')).toBe(original)
  })

  it('refuses another kind of work request, and reports a failing signer (the request keeps waiting)', async () => {
    const noop = await client.workRequests.create({ task_name: 'noop', task_data: {} })
    const refused = await rejection(client.debian.signUpload(noop.id, { signer: signer() }))
    expect(refused).toMatchObject({ code: 'not_external_debsign' })
    expect(refused.message).toContain('is a Worker/noop work request: only Wait/externaldebsign')

    const { wait } = await waitingRequest()
    const failing = await rejection(
      client.debian.signUpload(wait.id, {
        signer: debsign({ args: ['-k', '0'.repeat(40)], env: { ...process.env, GNUPGHOME: key.home } }),
      }),
    )
    expect(UploadSignerError.isInstance(failing)).toBe(true)
    expect(failing.message).toMatch(/^debsign failed \(exit status \d+\)/)
    expect((await client.workRequests.get(wait.id)).status).toBe(WorkRequestStatus.RUNNING)
  })
})
