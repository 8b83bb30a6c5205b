/**
 * @packageDocumentation
 * Debusine resource models: zod schemas with inferred types, protocol constants and the
 * base error class of the debusine-ts suite. No I/O: this package loads in a browser.
 */
export { SdkError, type SdkErrorOptions } from './errors/sdk-error.js'
export { ValidationError, type ValidationIssue } from './errors/validation-error.js'
export { ResponseValidationError } from './errors/response-validation-error.js'
export { parseModel, parseResponse } from './parse.js'
export { defineModel, deepFreeze, type Model, type Frozen } from './model.js'
export * from './enumerations.js'
export {
  formatCollectionName,
  parseCollectionName,
  type CollectionName,
  type ParseCollectionNameOptions,
} from './collection-name.js'
export { TaskName } from './task-name.js'
export { FINISHED_WORK_REQUEST_STATUSES, isWorkRequestFinished } from './work-request-finished.js'
export * from './resources/index.js'
export * from './categories/index.js'
