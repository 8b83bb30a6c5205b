/**
 * @packageDocumentation
 * Obtain a Debusine API token through enrollment: the client asks, a user logged in to the
 * web UI confirms, the server hands over a new token.
 */

// The declarations name Node's types (streams, child processes, NodeJS.*): a consumer needs
// @types/node installed, whatever its tsconfig.json's `types` says.
/// <reference types="node" preserve="true" />
export {
  enroll,
  type EnrollRequest,
  type EnrollOptions,
  type EnrollResult,
  type ConfirmationPending,
} from './enroll.js'
export { createEnrollPayload, generateChallenge, generateNonce, type EnrollPayloadInput } from './payload.js'
export { enrollmentConfirmUrl } from './confirm-url.js'
export { openInBrowser, type OpenInBrowserOptions } from './open-in-browser.js'
export {
  EnrollmentCancelledError,
  type EnrollmentCancelledErrorInit,
} from './errors/enrollment-cancelled-error.js'
export {
  EnrollmentTimeoutError,
  type EnrollmentTimeoutErrorInit,
  type EnrollmentTimeoutKind,
} from './errors/enrollment-timeout-error.js'
