import { describe, expect, it } from 'vitest'
import { SERVED_ENDPOINTS } from '@debusine-ts/fake-server'
import { apiRoutes } from '../src/internal/routes/api-routes.js'
import { contractExchanges } from './contract/exchanges.js'
import { clientCalls, VARIABLE_URL_CALLS } from './support/client-calls.js'

/**
 * The client's requests the fake does not serve, each with the reason: a user's code that
 * sends one gets the real server's answer for an unknown URL (404 page) or method (405).
 */
const COLLECTION_WRITES =
  'collection administration: the fake holds the collections a test gives it, read-only'
const TEMPLATE_EDITS = 'template edits: the fake creates, lists and shows templates only'
const BEFORE_0_13 = 'the template routes by id of servers before 0.13: the fake speaks 0.16.2'
const NOT_SERVED: Readonly<Record<string, string>> = {
  'GET /-/login/':
    "read for the version in its footer only: without it the client takes the newest shapes, the fake's",
  'POST /api/1.0/collection/{}/': COLLECTION_WRITES,
  'PATCH /api/1.0/collection/{}/{}/': COLLECTION_WRITES,
  'DELETE /api/1.0/collection/{}/{}/': COLLECTION_WRITES,
  'DELETE /api/1.0/collection/{}/{}/{}/item/{}/': COLLECTION_WRITES,
  'GET /api/1.0/collection/{}/{}/{}/token/': COLLECTION_WRITES,
  'POST /api/1.0/collection/{}/{}/{}/token/': COLLECTION_WRITES,
  'DELETE /api/1.0/collection/{}/{}/{}/token/{}/{}/': COLLECTION_WRITES,
  'GET /api/1.0/collection-relation/{}/': 'collection relations: not modelled',
  'PUT /api/1.0/collection-relation/{}/{}/{}/': 'collection relations: not modelled',
  'PATCH /api/1.0/workflow-template/{}/{}/': TEMPLATE_EDITS,
  'DELETE /api/1.0/workflow-template/{}/{}/': TEMPLATE_EDITS,
  'POST /api/1.0/workflow-template/': BEFORE_0_13,
  'PATCH /api/1.0/workflow-template/{}/': BEFORE_0_13,
  'DELETE /api/1.0/workflow-template/{}/': BEFORE_0_13,
  'POST /api/1.0/workspace/{}/inheritance/': "the fake's workspaces inherit from none",
  'GET /api/1.0/task-configuration/{}/{}/': 'task configuration: not modelled',
  'POST /api/1.0/task-configuration/{}/{}/': 'task configuration: not modelled',
  'POST /api/1.0/asset/{}/{}/{}/': 'asset permission checks: not modelled',
  'GET /api/1.0/work-request/{}/external-debsign/': 'external signing (debsign): not modelled',
  'POST /api/1.0/work-request/{}/external-debsign/': 'external signing (debsign): not modelled',
  'PUT /api/1.0/work-request/{}/completed/':
    "the worker's call: the fake completes work requests through its control API",
  'POST /api/1.0/open-metrics/emit/': 'metrics: not modelled',
}

/** Whether the fake serves `endpoint` (`METHOD /path/{}/`): a sample path of it matches one of its routes. */
function served(endpoint: string): boolean {
  const [method, template] = endpoint.split(' ') as [string, string]
  if (method === 'WS') return SERVED_ENDPOINTS.includes(endpoint)
  const sample = template.replace(/\{\}/g, '1')
  return apiRoutes.some((route) => route.method === method && route.pattern.test(sample))
}

describe('the contract covers the fake', () => {
  it('has at least one exchange for every endpoint the fake serves', () => {
    const covered = new Set(contractExchanges.flatMap((exchange) => exchange.endpoints))
    expect(SERVED_ENDPOINTS.filter((endpoint) => !covered.has(endpoint))).toEqual([])
  })

  it('names only endpoints the fake serves', () => {
    const served = new Set(SERVED_ENDPOINTS)
    const named = contractExchanges.flatMap((exchange) => exchange.endpoints)
    expect(named.filter((endpoint) => !served.has(endpoint))).toEqual([])
  })
})

describe('the fake serves what the client sends', () => {
  const calls = clientCalls()

  it('knows every call site whose URL is computed, and no stale one', () => {
    expect([...calls.variableSites].sort()).toEqual(Object.keys(VARIABLE_URL_CALLS).sort())
  })

  it('serves every request the client can send, but those listed as not served (with a reason)', () => {
    const unserved = [...calls.endpoints].filter((endpoint) => !served(endpoint)).sort()
    expect(unserved).toEqual(Object.keys(NOT_SERVED).sort())
  })
})
