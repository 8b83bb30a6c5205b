import { SdkError } from '@debusine-ts/models'

/** Why a base workflow template cannot be used by {@link Archive.createSuite}. */
export type BaseTemplateErrorCode =
  'base_template_not_found' | 'base_template_not_pipeline' | 'base_template_collection_not_found'

/**
 * The base workflow template of a new suite cannot be used: it is in none of the
 * workspaces searched, it does not run `debian_pipeline`, or a collection its QA
 * parameters name does not exist. Nothing was created. Not retryable: fix the template
 * or name another one.
 *
 * @example
 * try { await client.archive.createSuite({ name: 'proposed', architectures: ['amd64'], baseTemplate: 'pipeline' }) } catch (error) {
 *   if (BaseTemplateError.isInstance(error) && error.code === 'base_template_not_found') console.log(error.searched)
 * }
 */
export class BaseTemplateError extends SdkError {
  static override readonly errorName: string = 'BaseTemplateError'

  declare readonly code: BaseTemplateErrorCode
  /** The base template's name. */
  readonly template: string
  /** The workspaces searched for it, in order. */
  readonly searched: readonly string[]

  constructor(
    code: BaseTemplateErrorCode,
    message: string,
    details: { template: string; searched: readonly string[]; cause?: unknown },
  ) {
    super(message, code, { cause: details.cause })
    this.template = details.template
    this.searched = details.searched
  }
}
