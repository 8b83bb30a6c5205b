import { randomBytes } from 'node:crypto'
import { AssetListSchema, AssetSchema } from '@debusine-ts/models'
import type { ContractExchange } from './exchange.js'
import { call, jsonOf } from './http-call.js'
import type { Target } from './target.js'

const CREATE = 'POST /api/1.0/asset/'
const LIST = 'GET /api/1.0/asset/'

/** A signing key of its own fingerprint (the server's get-or-create spans runs). */
function signingKey(target: Target, fingerprint = randomBytes(20).toString('hex').toUpperCase()): Record<string, unknown> {
  return {
    category: 'debusine:signing-key',
    workspace: target.workspace,
    data: { purpose: 'openpgp', fingerprint, public_key: Buffer.from('key').toString('base64'), description: null },
  }
}

function createAsset(target: Target, body: Record<string, unknown>) {
  return call(target, { method: 'POST', path: '/asset/', json: body })
}

/** Assets: signing keys created (get or create) and listed. */
export const assetExchanges: ContractExchange[] = [
  {
    name: 'creates a signing key: 201; the same key again: 200, the same asset',
    endpoints: [CREATE],
    schema: AssetSchema,
    run: async (target) => {
      const body = signingKey(target)
      const answer = await createAsset(target, body)
      const again = await createAsset(target, body)
      const [first, second] = [jsonOf(answer), jsonOf(again)] as Record<string, unknown>[]
      return { answer, facts: { again: again.status, sameId: first!.id === second!.id, keys: Object.keys(second!).sort() } }
    },
  },
  {
    name: 'refuses an asset of an unknown category, or of a category it cannot create: 400',
    endpoints: [CREATE],
    run: async (target) => {
      const answer = await createAsset(target, { ...signingKey(target), category: 'debusine:no-such-category' })
      const dummy = { provider_type: 'dummy', name: 'contract' }
      const cloud = await createAsset(target, { ...signingKey(target), category: 'debusine:cloud-provider-account', data: dummy })
      return { answer, facts: { cloud: [cloud.status, jsonOf(cloud)] } }
    },
  },
  {
    name: 'refuses a signing key with invalid data: 400 Cannot deserialize asset',
    endpoints: [CREATE],
    run: async (target) => {
      const answer = await createAsset(target, { ...signingKey(target), data: { purpose: 'openpgp' } })
      return { answer, facts: { fields: Object.keys((jsonOf(answer) as { validation_errors: object }).validation_errors) } }
    },
  },
  {
    name: 'lists the assets of a workspace; refuses a list without a filter: 400',
    endpoints: [LIST],
    schema: AssetListSchema,
    run: async (target) => {
      const created = jsonOf(await createAsset(target, signingKey(target))) as { id: number }
      const answer = await call(target, { path: `/asset/?workspace=${target.workspace}` })
      const bare = await call(target, { path: '/asset/' })
      const ids = (jsonOf(answer) as { id: number }[]).map((asset) => asset.id === created.id)
      return { answer, facts: { listed: ids.includes(true), bare: [bare.status, jsonOf(bare)] } }
    },
  },
]
