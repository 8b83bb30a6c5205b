import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AssetCategory, CloudProviderType, KeyPurpose } from '../../enumerations.js'
import { ValidationError } from '../../errors/validation-error.js'
import { parseModel } from '../../parse.js'
import { assetDataSchemaFor } from './index.js'

function rejection(category: AssetCategory, value: unknown): ValidationError {
  try {
    parseModel(category, assetDataSchemaFor(category), value)
  } catch (error) {
    if (ValidationError.isInstance(error)) return error
    throw error
  }
  throw new Error('the value was accepted')
}

const signingKey = {
  purpose: KeyPurpose.OPENPGP,
  fingerprint: 'ABCDEF0123456789ABCDEF0123456789ABCDEF01',
  public_key: 'LS0tLS1CRUdJTiBQR1AgUFVCTElDIEtFWSBCTE9DSy0tLS0tCg==',
  description: null,
}
const aws = {
  provider_type: CloudProviderType.AWS,
  name: 'debusine-aws',
  configuration: { region_name: 'eu-west-1' },
  credentials: { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'example-secret' },
}
const hetzner = {
  provider_type: CloudProviderType.HETZNER,
  name: 'debusine-hetzner',
  configuration: { region_name: 'fsn1' },
  credentials: { api_token: 'example-token' },
}

describe('signing key asset data', () => {
  it('accepts a key whose description is null or a string', () => {
    expect(parseModel('SigningKeyData', assetDataSchemaFor(AssetCategory.SIGNING_KEY), signingKey)).toEqual(
      signingKey,
    )
    const described = { ...signingKey, purpose: KeyPurpose.UEFI, description: 'Secure Boot key' }
    expect(parseModel('SigningKeyData', assetDataSchemaFor(AssetCategory.SIGNING_KEY), described)).toEqual(
      described,
    )
  })

  it('requires description to be present, even though it may be null', () => {
    const rest: Record<string, unknown> = { ...signingKey }
    delete rest.description
    expect(rejection(AssetCategory.SIGNING_KEY, rest).issues).toEqual([
      expect.objectContaining({ path: 'description', rule: 'invalid_type' }),
    ])
  })

  it('refuses a public key that is not base64, an unknown purpose and unknown keys', () => {
    const error = rejection(AssetCategory.SIGNING_KEY, {
      ...signingKey,
      public_key: 'not base64!',
      purpose: 'ssh',
      owner: 'me',
    })
    expect(error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'public_key', rule: 'invalid_format' }),
        expect.objectContaining({ path: 'purpose', rule: 'invalid_value' }),
        expect.objectContaining({ path: '', rule: 'unrecognized_keys' }),
      ]),
    )
  })
})

describe('cloud provider account asset data', () => {
  const schema = assetDataSchemaFor(AssetCategory.CLOUD_PROVIDER_ACCOUNT)

  it('accepts each provider and tells them apart by provider_type', () => {
    const parsedAws = parseModel('CloudProviderAccountData', schema, aws)
    expect(parsedAws.provider_type === CloudProviderType.AWS && parsedAws.configuration).toEqual({
      region_name: 'eu-west-1',
      ec2_endpoint_url: null,
      s3_endpoint_url: null,
    })
    expect(parseModel('CloudProviderAccountData', schema, hetzner)).toEqual(hetzner)
    expect(parseModel('CloudProviderAccountData', schema, { provider_type: 'dummy', name: 'test' })).toEqual({
      provider_type: 'dummy',
      name: 'test',
      secret: 'secret',
    })
  })

  it('requires provider_type and refuses an unknown one', () => {
    const rest: Record<string, unknown> = { ...aws }
    delete rest.provider_type
    for (const value of [rest, { ...aws, provider_type: 'gce' }]) {
      expect(rejection(AssetCategory.CLOUD_PROVIDER_ACCOUNT, value).issues).toEqual([
        expect.objectContaining({ path: 'provider_type', rule: 'invalid_union' }),
      ])
    }
  })

  it("checks the fields of the chosen provider's shape", () => {
    const error = rejection(AssetCategory.CLOUD_PROVIDER_ACCOUNT, {
      ...hetzner,
      credentials: aws.credentials,
    })
    expect(error.issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'credentials.api_token', rule: 'invalid_type' }),
        expect.objectContaining({ path: 'credentials', rule: 'unrecognized_keys' }),
      ]),
    )
    expect(rejection(AssetCategory.CLOUD_PROVIDER_ACCOUNT, { ...hetzner, configuration: {} }).issues).toEqual(
      [expect.objectContaining({ path: 'configuration.region_name', rule: 'invalid_type' })],
    )
  })
})

describe('APT authentication asset data', () => {
  const basic = {
    auth_scheme: 'basic',
    name: 'private-mirror',
    credentials: { username: 'debusine', password: 'hunter2' },
  }

  it('accepts basic authentication', () => {
    expect(
      parseModel('AptAuthenticationData', assetDataSchemaFor(AssetCategory.APT_AUTHENTICATION), basic),
    ).toEqual(basic)
  })

  it('refuses an unknown scheme and missing credentials', () => {
    expect(rejection(AssetCategory.APT_AUTHENTICATION, { ...basic, auth_scheme: 'bearer' }).issues).toEqual([
      expect.objectContaining({ path: 'auth_scheme', rule: 'invalid_union' }),
    ])
    expect(
      rejection(AssetCategory.APT_AUTHENTICATION, { ...basic, credentials: { username: 'debusine' } }).issues,
    ).toEqual([expect.objectContaining({ path: 'credentials.password', rule: 'invalid_type' })])
  })
})

describe('asset categories', () => {
  it('refuses an unknown category', () => {
    expect(() => assetDataSchemaFor('debusine:ssh-key' as AssetCategory)).toThrow(
      /Invalid category "debusine:ssh-key"/,
    )
  })

  it('cloud provider account data survives JSON', () => {
    const schema = assetDataSchemaFor(AssetCategory.CLOUD_PROVIDER_ACCOUNT)
    const data = fc.oneof(
      fc.record({
        provider_type: fc.constant(CloudProviderType.AWS),
        name: fc.string({ minLength: 1 }),
        configuration: fc.record(
          {
            region_name: fc.option(fc.string()),
            ec2_endpoint_url: fc.option(fc.webUrl()),
            s3_endpoint_url: fc.option(fc.webUrl()),
          },
          { requiredKeys: [] },
        ),
        credentials: fc.record({ access_key_id: fc.string(), secret_access_key: fc.string() }),
      }),
      fc.record({
        provider_type: fc.constant(CloudProviderType.HETZNER),
        name: fc.string({ minLength: 1 }),
        configuration: fc.record({ region_name: fc.string() }),
        credentials: fc.record({ api_token: fc.string() }),
      }),
      fc.record(
        {
          provider_type: fc.constant(CloudProviderType.DUMMY),
          name: fc.string({ minLength: 1 }),
          secret: fc.string(),
        },
        { requiredKeys: ['provider_type', 'name'] },
      ),
    )
    fc.assert(
      fc.property(data, (input) => {
        const parsed = parseModel('CloudProviderAccountData', schema, input)
        expect(parseModel('CloudProviderAccountData', schema, JSON.parse(JSON.stringify(parsed)))).toEqual(
          parsed,
        )
      }),
    )
  })
})
