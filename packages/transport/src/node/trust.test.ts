import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { rootCertificates } from 'node:tls'
import { describe, expect, it } from 'vitest'
import { trustFrom } from './trust.js'

const dir = mkdtempSync(join(tmpdir(), 'debusine-ts-trust-'))
// Real PEM blocks: Node's own roots, written out as a user's CA files.
const [first, second, third] = rootCertificates as [string, string, string]
const file = (name: string, pem: string): string => {
  writeFileSync(join(dir, name), `${pem}\n`)
  return join(dir, name)
}
const system = file('system.crt', first)
const company = file('company.crt', second)
const extra = file('extra.crt', third)
const bundles = [join(dir, 'missing.crt'), system]

describe('trustFrom', () => {
  it("trusts Node's roots and the first system bundle found", () => {
    const trust = trustFrom({ env: {}, systemBundles: bundles })
    expect(trust.ca).toHaveLength(rootCertificates.length + 1)
    expect(trust.sources).toEqual(["Node's roots", `system store ${system}`])
  })

  it('reads SSL_CERT_FILE as the system store, as OpenSSL does', () => {
    const trust = trustFrom({ env: { SSL_CERT_FILE: company }, systemBundles: bundles })
    expect(trust.ca.at(-1)).toBe(second)
    expect(trust.sources).toEqual(["Node's roots", `SSL_CERT_FILE=${company}`])
  })

  it('replaces every root with REQUESTS_CA_BUNDLE, else CURL_CA_BUNDLE, and adds NODE_EXTRA_CA_CERTS', () => {
    const env = { REQUESTS_CA_BUNDLE: company, CURL_CA_BUNDLE: system, NODE_EXTRA_CA_CERTS: extra }
    expect(trustFrom({ env, systemBundles: bundles }).ca).toEqual([second, third])
    expect(trustFrom({ env: { CURL_CA_BUNDLE: company }, systemBundles: bundles }).ca).toEqual([second])
  })

  it('replaces every root with the caFile of the server, over the environment', () => {
    expect(trustFrom({ env: { REQUESTS_CA_BUNDLE: system }, caFile: company }).ca).toEqual([second])
  })

  it('says which file it cannot use and why', () => {
    expect(() => trustFrom({ env: { REQUESTS_CA_BUNDLE: join(dir, 'nope.pem') } })).toThrow(
      /REQUESTS_CA_BUNDLE: cannot read the CA file .*nope\.pem \(ENOENT\)/,
    )
    expect(() => trustFrom({ env: {}, caFile: file('empty.pem', 'not a certificate') })).toThrow(
      /holds no PEM certificate/,
    )
  })
})
