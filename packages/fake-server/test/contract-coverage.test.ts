import { describe, expect, it } from 'vitest'
import { SERVED_ENDPOINTS } from '@debusine-ts/fake-server'
import { contractExchanges } from './contract/exchanges.js'

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
