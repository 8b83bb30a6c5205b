/**
 * The assets namespace against the real Debusine 0.16.2 server.
 */
import { randomBytes } from 'node:crypto'
import { AssetCategory, ValidationError } from '@debusine-ts/models'
import { BadRequestError, PermissionDeniedError } from '@debusine-ts/transport'
import { beforeAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import {
  freshWorkspace,
  pythonClient,
  realServer,
  serverBefore,
} from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { countingFetch } from './support/artifact-counting-fetch.js'

/** A work request id no server has (the largest a PostgreSQL integer holds): id 1 exists once a server has run one. */
const NO_SUCH_WORK_REQUEST = 2_147_483_647

let workspace: string

beforeAll(async () => {
  workspace = await freshWorkspace('assets')
})

function client(options: { token?: string; fetch?: typeof fetch } = {}): DebusineClient {
  const server = realServer()
  return new DebusineClient({
    apiUrl: server.apiUrl,
    token: options.token ?? server.token,
    scope: server.scope,
    workspace,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  })
}

/** Signing key data with a fresh, real-looking fingerprint and an armored-looking public key. */
function signingKey(): { purpose: 'openpgp'; fingerprint: string; public_key: string; description: string } {
  const armored =
    '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n' +
    randomBytes(90).toString('base64') +
    '\n-----END PGP PUBLIC KEY BLOCK-----\n'
  return {
    purpose: 'openpgp',
    fingerprint: randomBytes(20).toString('hex').toUpperCase(),
    public_key: Buffer.from(armored).toString('base64'),
    description: 'debusine-ts test key',
  }
}

describe('assets.create', () => {
  it('creates a signing key (201), then returns the same one (200) for the same purpose and fingerprint', async () => {
    const debusine = client()
    const data = signingKey()
    const first = await debusine.assets.create({ category: AssetCategory.SIGNING_KEY, data })
    expect(first.created).toBe(true)
    expect(first.asset).toMatchObject({
      category: 'debusine:signing-key',
      workspace,
      data,
      work_request: null,
    })
    const second = await debusine.assets.create({ category: AssetCategory.SIGNING_KEY, data })
    expect(second).toMatchObject({ created: false, asset: { id: first.asset.id } })

    const listed = await pythonClient(['asset', 'list', '--id', String(first.asset.id)])
    expect(listed.status, listed.stderr).toBe(0)
    expect(parse(listed.stdout)).toEqual([expect.objectContaining({ id: first.asset.id, data })])
  })

  it("refuses an APT credentials asset through the API, with the server's reason", async () => {
    const attempt = client().assets.create({
      category: AssetCategory.APT_AUTHENTICATION,
      data: { auth_scheme: 'basic', name: 'mirror', credentials: { username: 'u', password: 'p' } },
    })
    await expect(attempt).rejects.toThrow(BadRequestError)
    // 0.11.3 does not know the category at all.
    await expect(attempt).rejects.toThrow(
      serverBefore('0.12.0')
        ? /HTTP 400: Cannot deserialize asset.*category: debian:apt-authentication is not a known category/
        : /HTTP 400: Error.*can only create debusine:signing-key assets through the API; debian:apt-authentication assets/,
    )
  })

  it('rejects data that does not fit the category before sending', async () => {
    const counter = countingFetch()
    const attempt = client({ fetch: counter.fetch }).assets.create({
      category: AssetCategory.SIGNING_KEY,
      data: { ...signingKey(), public_key: 'not base64!' },
    })
    await expect(attempt).rejects.toThrow(ValidationError)
    await expect(attempt).rejects.toThrow(/data.public_key/)
    expect(counter.requests).toEqual([])
  })

  it('refuses a user without a role in the workspace', async () => {
    await expect(
      client({ token: realServer().noroleToken }).assets.create({
        category: AssetCategory.SIGNING_KEY,
        data: signingKey(),
        workspace: realServer().workspace,
      }),
    ).rejects.toThrow(PermissionDeniedError)
  })
})

describe('assets.list', () => {
  it('lists by workspace and by id, and needs a filter', async () => {
    const debusine = client()
    const { asset } = await debusine.assets.create({
      category: AssetCategory.SIGNING_KEY,
      data: signingKey(),
    })
    const inWorkspace = await debusine.assets.list({ workspace })
    expect(inWorkspace.map((item) => item.id)).toContain(asset.id)
    expect(inWorkspace.every((item) => item.workspace === workspace)).toBe(true)
    expect(await debusine.assets.list({ asset: asset.id, workspace })).toEqual([asset])
    const counter = countingFetch()
    await expect(client({ fetch: counter.fetch }).assets.list({})).rejects.toThrow(
      /give at least one of asset, workRequest or workspace/,
    )
    expect(counter.requests).toEqual([])
  })
})

describe('assets.checkPermission', () => {
  it('is refused with a user token, and says that a signing worker token is needed', async () => {
    const debusine = client()
    const data = signingKey()
    await debusine.assets.create({ category: AssetCategory.SIGNING_KEY, data })
    const attempt = debusine.assets.checkPermission({
      assetCategory: AssetCategory.SIGNING_KEY,
      assetSlug: `openpgp:${data.fingerprint}`,
      permissionName: 'sign_with',
      artifactId: 1,
      workRequestId: NO_SUCH_WORK_REQUEST,
    })
    if (serverBefore('0.12.0')) {
      // 0.11.3 lets any token ask, and looks the work request up first.
      await expect(attempt).rejects.toThrow(/HTTP 400: WorkRequest matching query does not exist/)
      return
    }
    await expect(attempt).rejects.toThrow(PermissionDeniedError)
    await expect(attempt).rejects.toThrow(/need the work-request token of a signing worker/)
  })

  it('validates its input before sending', async () => {
    const counter = countingFetch()
    await expect(
      client({ fetch: counter.fetch }).assets.checkPermission({
        assetCategory: AssetCategory.SIGNING_KEY,
        assetSlug: '',
        permissionName: 'sign_with',
        artifactId: 0,
        workRequestId: 1,
      }),
    ).rejects.toThrow(/assetSlug: .*artifactId: /)
    expect(counter.requests).toEqual([])
  })
})
