import * as z from 'zod'
import { CloudProviderType } from '../../enumerations.js'
import { lazySchema } from '../../lazy-schema.js'

/** An Amazon Web Services account; unset endpoints mean the provider's defaults. */
export const AwsProviderAccountDataSchema = lazySchema(() =>
  z.strictObject({
    provider_type: z.literal(CloudProviderType.AWS),
    name: z.string().min(1),
    configuration: z.strictObject({
      region_name: z.string().nullable().default(null),
      ec2_endpoint_url: z.string().nullable().default(null),
      s3_endpoint_url: z.string().nullable().default(null),
    }),
    credentials: z.strictObject({
      access_key_id: z.string(),
      secret_access_key: z.string(),
    }),
  }),
)
/** An Amazon Web Services account. */
export type AwsProviderAccountData = z.infer<typeof AwsProviderAccountDataSchema>

/** A Hetzner Cloud account. */
export const HetznerProviderAccountDataSchema = lazySchema(() =>
  z.strictObject({
    provider_type: z.literal(CloudProviderType.HETZNER),
    name: z.string().min(1),
    configuration: z.strictObject({ region_name: z.string() }),
    credentials: z.strictObject({ api_token: z.string() }),
  }),
)
/** A Hetzner Cloud account. */
export type HetznerProviderAccountData = z.infer<typeof HetznerProviderAccountDataSchema>

/** A provider account for tests, which reaches no cloud. */
export const DummyProviderAccountDataSchema = lazySchema(() =>
  z.strictObject({
    provider_type: z.literal(CloudProviderType.DUMMY),
    name: z.string().min(1),
    secret: z.string().default('secret'),
  }),
)
/** A provider account for tests. */
export type DummyProviderAccountData = z.infer<typeof DummyProviderAccountDataSchema>

/** Data of `debusine:cloud-provider-account` assets, told apart by `provider_type` (which must be present). */
export const CloudProviderAccountDataSchema = lazySchema(() =>
  z.discriminatedUnion('provider_type', [
    AwsProviderAccountDataSchema,
    HetznerProviderAccountDataSchema,
    DummyProviderAccountDataSchema,
  ]),
)
/** Data of a cloud provider account asset. */
export type CloudProviderAccountData = z.infer<typeof CloudProviderAccountDataSchema>
