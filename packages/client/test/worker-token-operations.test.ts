/**
 * The success paths of the operations only worker tokens may call, against the real
 * Debusine 0.16.2 server: a fake worker (created with debusine-admin, registered and
 * connected as a worker does) receives work requests with their short-lived tokens, and
 * the server's own Celery and scheduler workers' tokens emit metrics. The refusals to user
 * tokens are proven in work-requests, metrics and assets.test.ts.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { RepositoryIndexArtifact } from '@debusine-ts/artifacts'
import { AssetCategory, MetricType, WorkRequestResult, WorkRequestStatus } from '@debusine-ts/models'
import {
  AuthenticationError,
  BadRequestError,
  NotFoundError,
  PermissionDeniedError,
} from '@debusine-ts/transport'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  freshWorkspace,
  noopData,
  realServer,
  requires,
  serverBefore,
  serverLacks,
  uniqueName,
} from '../../../tooling/vitest/real-server.js'
import { DebusineClient } from '../src/index.js'
import { abortAsAdmin, admin } from './support/admin.js'
import { FakeWorker, internalWorkerToken } from './support/fake-worker.js'
import { rejection } from '../../../tooling/vitest/rejection.js'
import { buildSourcePackage } from '../../artifacts/test/support/debian-fixtures.js'

let workspace: string
let client: DebusineClient
let scratch: string
const workers: FakeWorker[] = []
/** Work requests that only a fake worker runs: aborted at the end if a failed test left them open. */
const toClose: number[] = []

function clientWith(token: string): DebusineClient {
  const server = realServer()
  return new DebusineClient({ apiUrl: server.apiUrl, token, scope: server.scope, workspace })
}

async function startWorker(options: Parameters<typeof FakeWorker.start>[0]): Promise<FakeWorker> {
  const worker = await FakeWorker.start(options)
  workers.push(worker)
  return worker
}

beforeAll(async () => {
  workspace = await freshWorkspace('worker-token')
  client = clientWith(realServer().token)
  scratch = mkdtempSync(join(tmpdir(), 'debusine-ts-worker-token-'))
})

afterAll(async () => {
  rmSync(scratch, { recursive: true, force: true })
  // Disabled workers take nothing more, so later runs and other test files are not disturbed.
  await Promise.all(workers.map((worker) => worker.stop()))
  if (serverLacks('workRequests.abort')) {
    // No abort in the API (0.11): the server's own model aborts them, so no later worker takes them.
    await abortAsAdmin(toClose)
    return
  }
  for (const id of toClose) {
    const current = await client.workRequests.get(id)
    if (current.status !== WorkRequestStatus.COMPLETED && current.status !== WorkRequestStatus.ABORTED) {
      await client.workRequests.abort(id)
    }
  }
})

describe('workRequests.completedUpdate with the work request token of its worker', () => {
  it('marks the work request completed with the reported result (200, empty body)', async () => {
    // An architecture no other worker has: only this fake worker can be given the request.
    const architecture = `dts-${randomBytes(4).toString('hex')}`
    const worker = await startWorker({
      name: 'dts-external',
      providedTags: [
        `worker:build-arch:${architecture}`,
        'worker:cap:mmdebstrap',
        'worker:task:worker:mmdebstrap:version:1',
        'worker:type:external',
      ],
      metadata: {
        'system:architectures': [architecture],
        'mmdebstrap:version': 1,
        'mmdebstrap:available': true,
      },
    })
    const request = await client.workRequests.create({
      task_name: 'mmdebstrap',
      task_data: {
        bootstrap_options: { architecture },
        bootstrap_repositories: [{ mirror: 'http://mirror.example/debian', suite: 'sid' }],
      },
    })
    toClose.push(request.id)
    // Servers before scheduler tags (0.11) match the architecture from the worker's metadata alone.
    if (!serverBefore('0.12.0'))
      expect(request.scheduler_tags_required).toContain(`worker:build-arch:${architecture}`)

    const assigned = await worker.nextWorkRequest()
    expect(assigned).toMatchObject({ id: request.id, task_name: 'mmdebstrap' })
    expect(assigned.token).toMatch(/^[0-9a-f]{64}$/)

    const asWorker = clientWith(assigned.token)
    await expect(
      asWorker.workRequests.completedUpdate(request.id, {
        result: WorkRequestResult.SUCCESS,
        outputData: { runtime_statistics: { duration: 2 } },
      }),
    ).resolves.toBeUndefined()

    // The server finishes the report in the background.
    const done = await client.workRequests.waitForCompletion(request.id, {
      pollInterval: 250,
      maxWait: 20_000,
    })
    expect(done).toMatchObject({
      status: WorkRequestStatus.COMPLETED,
      result: WorkRequestResult.SUCCESS,
      worker: assigned.worker,
    })
    expect(done.completed_at).not.toBeNull()

    // The token belongs to that work request alone (0.11: to the work its worker was given).
    const other = await client.workRequests.create({ task_name: 'noop', task_data: noopData('success') })
    const refused = await rejection(
      asWorker.workRequests.completedUpdate(other.id, { result: WorkRequestResult.FAILURE }),
    )
    if (serverBefore('0.12.0')) {
      expect(AuthenticationError.isInstance(refused)).toBe(true)
      expect(refused.message).toMatch(/HTTP 401: Invalid worker to update the work request/)
    } else {
      expect(PermissionDeniedError.isInstance(refused)).toBe(true)
      expect(refused.message).toMatch(/HTTP 403/)
    }
  })
})

requires('metrics.emit').describe('metrics.emit with the token of a Celery or scheduler worker', () => {
  /**
   * The open-metrics page. 0.16.2 answers it with a 400 when a live gauge's key (one per
   * process, expiring once a recycled gunicorn worker is gone) expires between the
   * collector's SCAN and its MGET; a page that meets that race is read again.
   */
  async function scrape(): Promise<string> {
    let response = await fetch(`${realServer().apiUrl}/1.0/open-metrics/`)
    for (let attempt = 1; response.status === 400 && attempt < 5; attempt += 1) {
      await response.body?.cancel()
      response = await fetch(`${realServer().apiUrl}/1.0/open-metrics/`)
    }
    expect(response.status).toBe(200)
    return response.text()
  }

  it('records a histogram observation that the open-metrics page then shows (204)', async () => {
    const celery = clientWith(await internalWorkerToken('celery'))
    const taskName = uniqueName('dts-metric')
    const labels = { task_type: 'Worker', task_name: taskName, priority: '0' }
    await expect(
      celery.metrics.emit({
        metricType: MetricType.HISTOGRAM,
        name: 'debusine_work_request_start_latency',
        labels,
        value: 2.5,
      }),
    ).resolves.toBeUndefined()
    const scheduler = clientWith(await internalWorkerToken('scheduler'))
    await scheduler.metrics.emit({
      metricType: MetricType.HISTOGRAM,
      name: 'debusine_work_request_start_latency',
      labels,
      value: 4,
    })

    const page = await scrape()
    const series = `{priority="0",task_name="${taskName}",task_type="Worker"}`
    expect(page).toContain(`debusine_work_request_start_latency_count${series} 2.0`)
    expect(page).toContain(`debusine_work_request_start_latency_sum${series} 6.5`)
    expect(page).toContain(
      `debusine_work_request_start_latency_bucket{le="5.0",priority="0",task_name="${taskName}"`,
    )
  })

  it('reports an unknown metric (404) and a type mismatch (400) with the server messages', async () => {
    const celery = clientWith(await internalWorkerToken('celery'))
    const unknown = await rejection(
      celery.metrics.emit({
        metricType: MetricType.COUNTER,
        name: 'dts_no_such_metric',
        labels: {},
        value: 1,
      }),
    )
    expect(NotFoundError.isInstance(unknown)).toBe(true)
    expect(unknown.message).toMatch(/Metric not found/)
    expect(unknown.message).toMatch(/dts_no_such_metric/)

    const mismatch = await rejection(
      celery.metrics.emit({
        metricType: MetricType.COUNTER,
        name: 'debusine_work_request_start_latency',
        labels: { task_type: 'Worker', task_name: 'dts-mismatch', priority: '0' },
        value: 1,
      }),
    )
    expect(BadRequestError.isInstance(mismatch)).toBe(true)
    expect(mismatch.message).toMatch(/Bad metric type/)
    expect(mismatch.message).toMatch(/is not a Counter/)
  })

  it('refuses an external worker token (403), and the error says which workers may emit', async () => {
    const worker = await startWorker({ name: 'dts-metric-external', providedTags: ['worker:type:external'] })
    const error = await rejection(
      clientWith(worker.token).metrics.emit({
        metricType: MetricType.HISTOGRAM,
        name: 'debusine_work_request_start_latency',
        labels: { task_type: 'Worker', task_name: 'dts-refused', priority: '0' },
        value: 1,
      }),
    )
    expect(PermissionDeniedError.isInstance(error)).toBe(true)
    expect(error.message).toMatch(/Endpoint is not accessible to external workers/)
    expect(error.message).toMatch(/Celery or scheduler workers may emit metrics/)
  })
})

describe('assets.checkPermission with the work request token of a signing worker', () => {
  it("answers whether the work request's creator may sign its input with a key, following the asset's roles", async () => {
    const server = realServer()
    const worker = await startWorker({
      name: 'dts-signing',
      workerType: 'signing',
      providedTags: ['worker:cap:debsign', 'worker:task:signing:debsign:version:1', 'worker:type:signing'],
      metadata: { 'signing:debsign:version': 1, 'signing:debsign:available': true },
      // Only this test's workspace: a stray Debsign elsewhere is not ours to take.
      requiredTags: [`task:workspace:${server.scope}:${workspace}`],
    })
    const fingerprint = randomBytes(20).toString('hex').toUpperCase()
    const { asset } = await client.assets.create({
      category: AssetCategory.SIGNING_KEY,
      data: {
        purpose: 'openpgp',
        fingerprint,
        public_key: Buffer.from('-----BEGIN PGP PUBLIC KEY BLOCK-----\n').toString('base64'),
        description: 'debusine-ts worker token test key',
      },
    })
    // The upload to sign: every server answers for the input of a Debsign work request.
    const { artifact: upload } = await client.debian.import(buildSourcePackage(scratch).changes)
    // Users may not create Signing work requests; the server's administrator may.
    const created = await admin(
      [
        'create_work_request',
        'signing',
        'debsign',
        '--created-by',
        server.webUser,
        '--workspace',
        `${server.scope}/${workspace}`,
        '--data',
        '-',
      ],
      JSON.stringify({ unsigned: upload.id, key: fingerprint }),
    )
    const workRequestId = Number(/work_request_id: (\d+)/.exec(created)?.[1])
    toClose.push(workRequestId)
    const assigned = await worker.nextWorkRequest()
    expect(assigned).toMatchObject({ id: workRequestId, task_type: 'Signing', task_name: 'debsign' })

    const signer = clientWith(assigned.token)
    const question = {
      assetCategory: AssetCategory.SIGNING_KEY,
      assetSlug: `openpgp:${fingerprint}`,
      permissionName: 'sign_with',
      artifactId: upload.id,
      workRequestId,
    }
    const changes = (await client.artifacts.get(upload.id)).data as { changes_fields: Record<string, string> }
    await expect(signer.assets.checkPermission(question)).resolves.toMatchObject({
      has_permission: false,
      username: server.webUser,
      user_id: expect.any(Number) as number,
      // An upload is described by the fields of its .changes.
      resource: {
        architecture: changes.changes_fields.Architecture,
        source: 'hello',
        version: '1.0-1',
        distribution: changes.changes_fields.Distribution,
      },
    })
    // Owners of the workspace may sign its repositories with its keys without a role on the
    // key; 0.11 has no repository signing and no such permission.
    const repository = signer.assets.checkPermission({ ...question, permissionName: 'sign_repository_with' })
    if (serverBefore('0.12.0')) {
      expect((await rejection(repository)).message).toMatch(
        /HTTP 400: Unknown permission 'sign_repository_with'/,
      )
    } else {
      await expect(repository).resolves.toMatchObject({ has_permission: true, username: server.webUser })
    }

    await admin([
      'asset',
      'grant_role',
      String(asset.id),
      'signer',
      'testers',
      '--workspace',
      `${server.scope}/${workspace}`,
    ])
    await expect(signer.assets.checkPermission(question)).resolves.toMatchObject({
      has_permission: true,
      username: server.webUser,
    })

    const unknownPermission = await rejection(
      signer.assets.checkPermission({ ...question, permissionName: 'sign_anything_with' }),
    )
    expect(BadRequestError.isInstance(unknownPermission)).toBe(true)
    expect(unknownPermission.message).toMatch(/Unknown permission 'sign_anything_with'/)

    // An artifact that is not an input of the work request is refused: 0.16 does not let the
    // token see it; 0.11 sees it and says it is not an input.
    writeFileSync(join(scratch, 'InRelease'), 'Origin: debusine-ts\n')
    const unrelated = await client.artifacts.upload(
      await RepositoryIndexArtifact.create({ file: join(scratch, 'InRelease'), path: 'dists/sid/InRelease' }),
    )
    const hidden = await rejection(signer.assets.checkPermission({ ...question, artifactId: unrelated.id }))
    if (serverBefore('0.12.0')) {
      expect(BadRequestError.isInstance(hidden)).toBe(true)
      expect(hidden.message).toMatch(new RegExp(`${unrelated.id}.* is not an input to `))
    } else {
      expect(PermissionDeniedError.isInstance(hidden)).toBe(true)
      expect(hidden.message).toContain(`${server.webUser} cannot display artifact ${unrelated.id}`)
    }

    const unknownKey = await rejection(
      signer.assets.checkPermission({ ...question, assetSlug: `openpgp:${'0'.repeat(40)}` }),
    )
    expect(NotFoundError.isInstance(unknownKey)).toBe(true)

    // The signing worker reports its work request done with the same token.
    await signer.workRequests.completedUpdate(workRequestId, { result: WorkRequestResult.FAILURE })
    await expect(
      client.workRequests.waitForCompletion(workRequestId, { pollInterval: 250, maxWait: 20_000 }),
    ).resolves.toMatchObject({ status: WorkRequestStatus.COMPLETED, result: WorkRequestResult.FAILURE })
  })
})
