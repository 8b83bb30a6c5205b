import {
  AptAuthenticationDataSchema,
  AssetCategory,
  CloudProviderAccountDataSchema,
  SigningKeyDataSchema,
} from '@debusine-ts/models'
import { asText, jsonBody, requireUser, resolveWorkspace, type Exchange } from '../http/exchange.js'
import { sendJson, sendProblem } from '../http/replies.js'
import { route, type Route } from '../http/route.js'
import type { AssetRecord } from '../records.js'

const DATA_SCHEMAS = new Map<string, { safeParse(value: unknown): { success: boolean; error?: { message: string } } }>([
  [AssetCategory.SIGNING_KEY, SigningKeyDataSchema],
  [AssetCategory.CLOUD_PROVIDER_ACCOUNT, CloudProviderAccountDataSchema],
  [AssetCategory.APT_AUTHENTICATION, AptAuthenticationDataSchema],
])

function assetJson(scope: string, asset: AssetRecord): Record<string, unknown> {
  return {
    id: asset.id,
    created_at: asset.createdAt,
    category: asset.category,
    scope,
    workspace: asset.workspace,
    data: asset.data,
    work_request: asset.workRequest,
  }
}

/** The data of a new signing key, checked against its category's model; null after answering the server's 400. */
function signingKeyData(exchange: Exchange, body: Record<string, unknown>): Record<string, unknown> | null {
  const category = body.category
  const schema = typeof category === 'string' ? DATA_SCHEMAS.get(category) : undefined
  if (schema == null) {
    sendProblem(exchange.response, 400, 'Cannot deserialize asset', undefined, {
      category: [`${asText(category)} is not a known category.`],
    })
    return null
  }
  const parsed = schema.safeParse(body.data)
  if (!parsed.success) {
    sendProblem(exchange.response, 400, 'Cannot deserialize asset', undefined, {
      data: [`invalid asset data: ${parsed.error?.message ?? ''}`],
    })
    return null
  }
  // 0.16.2 has a rule to find an existing asset for signing keys only: the others fail.
  if (category !== AssetCategory.SIGNING_KEY) {
    sendProblem(exchange.response, 400, 'Error')
    return null
  }
  return body.data as Record<string, unknown>
}

/** Get or create a signing key: 201 when new, 200 (without `created_at`) when it exists. */
function createAsset(exchange: Exchange): void {
  if (requireUser(exchange) == null) return
  const body = jsonBody(exchange)
  if (body == null) return
  const workspace = resolveWorkspace(exchange, body.workspace)
  if (workspace == null) return
  const data = signingKeyData(exchange, body)
  if (data == null) return
  const state = exchange.state
  const existing = [...state.assets.values()].find(
    (asset) =>
      asset.category === AssetCategory.SIGNING_KEY &&
      asset.data.purpose === data.purpose &&
      asset.data.fingerprint === data.fingerprint,
  )
  if (existing != null) {
    const shown = assetJson(state.scope, existing)
    delete shown.created_at
    sendJson(exchange.response, 200, shown)
    return
  }
  const asset: AssetRecord = {
    id: state.nextAssetId++,
    workspace,
    category: AssetCategory.SIGNING_KEY,
    data,
    createdAt: state.clock.now(),
    workRequest: typeof body.work_request === 'number' ? body.work_request : null,
  }
  state.assets.set(asset.id, asset)
  sendJson(exchange.response, 201, assetJson(state.scope, asset))
}

/** The assets matching every filter given (at least one), by id; those the caller cannot see are left out. */
function listAssets(exchange: Exchange): void {
  const query = exchange.url.searchParams
  const [asset, workRequest, workspace] = ['asset', 'work_request', 'workspace'].map((name) => query.get(name))
  if (asset == null && workRequest == null && workspace == null) {
    sendProblem(exchange.response, 400, '"asset", "work_request", or "workspace" parameters are mandatory')
    return
  }
  const found = [...exchange.state.assets.values()].filter(
    (held) =>
      exchange.state.canSee(exchange.user, held.workspace) &&
      (asset == null || held.id === Number(asset)) &&
      (workRequest == null || held.workRequest === Number(workRequest)) &&
      (workspace == null || held.workspace === workspace),
  )
  sendJson(exchange.response, 200, found.sort((a, b) => a.id - b.id).map((held) => assetJson(exchange.state.scope, held)))
}

/** Assets: signing keys created (get or create) and listed. */
export const assetRoutes: Route[] = [route('POST /api/1.0/asset/', createAsset), route('GET /api/1.0/asset/', listAssets)]
