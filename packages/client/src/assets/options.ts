import type { Asset, AssetCategory } from '@debusine-ts/models'

/** What {@link Assets.create} creates. */
export interface AssetCreateInput {
  /** The category; Debusine 0.16.2 creates only `debusine:signing-key` assets through the API. */
  category: AssetCategory
  /** The data, checked against the category's model before sending. */
  data: Record<string, unknown>
  /** The workspace; the client's default workspace when unset (one is required). */
  workspace?: string | undefined
  /** The work request creating the asset (with that work request's token). */
  workRequest?: number | null | undefined
}

/** The answer of {@link Assets.create}. */
export interface AssetCreateResult {
  /** The asset, new or existing. */
  asset: Asset
  /** Whether the call created it (false: an existing signing key with the same purpose and fingerprint). */
  created: boolean
}

/** Filters of {@link Assets.list}: at least one, combined. */
export interface AssetListFilters {
  /** An asset id. */
  asset?: number | undefined
  /** The work request that created the assets. */
  workRequest?: number | undefined
  /** A workspace name. */
  workspace?: string | undefined
}

/** What {@link Assets.checkPermission} asks. */
export interface AssetPermissionCheckInput {
  /** The asset's category, e.g. `debusine:signing-key`. */
  assetCategory: string
  /**
   * The asset's slug: `PURPOSE:FINGERPRINT` for a signing key; `NAME`, `WORKSPACE:NAME`
   * or `:NAME` for APT credentials.
   */
  assetSlug: string
  /** The permission: `sign_with` or `sign_repository_with` on 0.16.2. */
  permissionName: string
  /** The artifact the asset would be used on. */
  artifactId: number
  /** The work request asking (the one whose token is used). */
  workRequestId: number
  /** The work request's workspace; the client's default workspace when unset. */
  workspace?: string | undefined
}
