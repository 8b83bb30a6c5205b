import {
  AssetCategory,
  AssetCreateRequestModel,
  AssetListSchema,
  AssetPermissionCheckResponseSchema,
  AssetSchema,
  parseResponse,
  ValidationError,
  type Asset,
  type AssetPermissionCheckResponse,
  type ValidationIssue,
} from '@debusine-ts/models'
import {
  BadRequestError,
  PermissionDeniedError,
  path,
  pickRequestOptions,
  type RequestOptions,
} from '@debusine-ts/transport'
import { explainPermissionDenied, withHint } from '../internal/api-error-hint.js'
import type { ClientContext } from '../internal/client-context.js'
import { requiredWorkspace } from '../internal/client-context.js'
import type {
  AssetCreateInput,
  AssetCreateResult,
  AssetListFilters,
  AssetPermissionCheckInput,
} from './options.js'
import { idIssue } from '../internal/argument-checks.js'

/** Whether a 403 refuses the kind of token (no token, a user's, another worker's) rather than a resource. */
function refusesToken(error: PermissionDeniedError): boolean {
  const text = `${error.title ?? ''} ${typeof error.detail === 'string' ? error.detail : ''}`
  return /not accessible to|credentials were not provided|permission to perform this action/i.test(text)
}

function positiveInteger(issues: ValidationIssue[], field: string, value: unknown): void {
  const issue = idIssue(field, value)
  if (issue !== undefined) issues.push(issue)
}

function nonEmptyString(issues: ValidationIssue[], field: string, value: unknown): void {
  if (!(typeof value === 'string' && value !== '')) {
    issues.push({
      path: field,
      rule: 'invalid_type',
      message: `expected a non-empty string, got ${String(value)}`,
    })
  }
}

/**
 * Assets (signing keys, cloud accounts, APT credentials): create, list and permission checks.
 *
 * @example
 * const { asset, created } = await client.assets.create({
 *   category: AssetCategory.SIGNING_KEY,
 *   data: { purpose: 'openpgp', fingerprint, public_key: base64Key, description: null },
 * })
 */
export class Assets {
  readonly #context: ClientContext

  /** @internal Reached through {@link DebusineClient}; not constructed by users. */
  constructor(context: ClientContext) {
    this.#context = context
  }

  /**
   * Create an asset (`POST /asset/`), or get the existing one: for a signing key, an asset
   * with the same purpose and fingerprint is returned with `created: false` (HTTP 200).
   * Debusine 0.16.2 only creates `debusine:signing-key` assets through the API; other
   * categories are refused with a message that says so. Because the server answers an
   * existing key with that key, the request may safely be retried.
   *
   * @example
   * const { asset, created } = await client.assets.create({ category: 'debusine:signing-key', data, workspace: 'System' })
   * @throws {ValidationError} when the data does not fit the category's model, or no workspace is known (before sending)
   * @throws {BadRequestError} when the server refuses the asset (for other categories: says that only signing keys are supported)
   * @throws {PermissionDeniedError} when the token may not create assets in the workspace
   */
  async create(input: AssetCreateInput, options: RequestOptions = {}): Promise<AssetCreateResult> {
    const body = AssetCreateRequestModel.create({
      category: input.category,
      data: input.data,
      workspace: requiredWorkspace(this.#context, input.workspace, 'AssetCreateRequest'),
      work_request: input.workRequest ?? null,
    })
    let response: Response
    try {
      response = await this.#context.transport.stream('POST', '/asset/', {
        ...pickRequestOptions(options),
        body: JSON.stringify(body),
        headers: { ...options.headers, 'Content-Type': 'application/json', Accept: 'application/json' },
        expectedStatus: [200, 201],
        idempotent: body.category === AssetCategory.SIGNING_KEY,
      })
    } catch (error) {
      if (
        BadRequestError.isInstance(error) &&
        body.category !== AssetCategory.SIGNING_KEY &&
        error.validationErrors === undefined
      ) {
        throw new BadRequestError(
          withHint(
            error,
            `Debusine 0.16.2 can only create ${AssetCategory.SIGNING_KEY} assets through the API; ` +
              `${body.category} assets are created by an administrator on the server (debusine-admin asset).`,
          ),
        )
      }
      throw error
    }
    const asset = parseResponse('Asset', AssetSchema, await response.json())
    return { asset, created: response.status === 201 }
  }

  /**
   * List assets (`GET /asset/`), filtered by asset id, work request and/or workspace (at
   * least one; filters are combined). Only the filters given are used: the client's
   * default workspace is not applied.
   *
   * @example
   * const keys = await client.assets.list({ workspace: 'System' })
   * @throws {ValidationError} when no filter is given (before sending)
   */
  list(filters: AssetListFilters, options: RequestOptions = {}): Promise<Asset[]> {
    const issues: ValidationIssue[] = []
    if (filters.asset === undefined && filters.workRequest === undefined && filters.workspace === undefined) {
      issues.push({
        path: '',
        rule: 'required',
        message: 'give at least one of asset, workRequest or workspace (the server requires a filter)',
      })
    }
    if (filters.asset !== undefined) positiveInteger(issues, 'asset', filters.asset)
    if (filters.workRequest !== undefined) positiveInteger(issues, 'workRequest', filters.workRequest)
    if (filters.workspace !== undefined) nonEmptyString(issues, 'workspace', filters.workspace)
    if (issues.length > 0) return Promise.reject(new ValidationError('AssetListFilters', issues))
    return this.#context.transport.request('GET', '/asset/', {
      ...pickRequestOptions(options),
      query: { asset: filters.asset, work_request: filters.workRequest, workspace: filters.workspace },
      schema: AssetListSchema,
      model: 'AssetList',
    })
  }

  /**
   * Ask whether the user behind a work request may use an asset for an artifact
   * (`POST /asset/{category}/{slug}/{permission}/`), e.g. whether a signing task may sign
   * with a key. Only a **signing worker's work-request token** may ask: with any other
   * token the server refuses, and the error says so.
   *
   * @example
   * const { has_permission } = await signingClient.assets.checkPermission({
   *   assetCategory: 'debusine:signing-key',
   *   assetSlug: `openpgp:${fingerprint}`,
   *   permissionName: 'sign_with',
   *   artifactId: 42,
   *   workRequestId: 7,
   *   workspace: 'System',
   * })
   * @throws {ValidationError} when an input is missing or malformed (before sending)
   * @throws {PermissionDeniedError} when the token is not a signing worker's work-request token
   * @throws {NotFoundError} when there is no such asset
   */
  async checkPermission(
    input: AssetPermissionCheckInput,
    options: RequestOptions = {},
  ): Promise<AssetPermissionCheckResponse> {
    const issues: ValidationIssue[] = []
    nonEmptyString(issues, 'assetCategory', input.assetCategory)
    nonEmptyString(issues, 'assetSlug', input.assetSlug)
    nonEmptyString(issues, 'permissionName', input.permissionName)
    positiveInteger(issues, 'artifactId', input.artifactId)
    positiveInteger(issues, 'workRequestId', input.workRequestId)
    const workspace = input.workspace ?? this.#context.workspace
    nonEmptyString(issues, 'workspace', workspace)
    if (issues.length > 0) throw new ValidationError('AssetPermissionCheck', issues)
    try {
      return await this.#context.transport.request(
        'POST',
        path`/asset/${input.assetCategory}/${input.assetSlug}/${input.permissionName}/`,
        {
          ...pickRequestOptions(options),
          body: { artifact_id: input.artifactId, work_request_id: input.workRequestId, workspace },
          schema: AssetPermissionCheckResponseSchema,
          model: 'AssetPermissionCheckResponse',
          // Asking twice changes nothing.
          idempotent: true,
        },
      )
    } catch (error) {
      // Only a refusal of the token itself gets the hint; a refusal of the artifact or the
      // work request ("testuser cannot display artifact 7") speaks for itself.
      if (PermissionDeniedError.isInstance(error) && refusesToken(error)) {
        throw explainPermissionDenied(
          error,
          'Asset permission checks need the work-request token of a signing worker running that work request; ' +
            'user tokens and other workers are refused.',
        )
      }
      throw error
    }
  }
}
