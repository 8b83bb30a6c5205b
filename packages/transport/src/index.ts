/**
 * @packageDocumentation
 * HTTP transport for the Debusine API: URLs, auth headers, errors, retries, timeouts and
 * pagination, on `fetch` (through ky). Runs in Node.js, Deno, Bun and browsers.
 */
export { Transport } from './transport.js'
export type {
  TransportConfig,
  SendOptions,
  JsonRequestOptions,
  StreamRequestOptions,
  ListOptions,
  QueryParameters,
  FetchFunction,
  NetworkHooks,
  WebSocketConnection,
  PageReader,
  PageReadRequest,
  StreamedHead,
  StreamedRequest,
  StreamedSender,
  StreamedSendOptions,
  ResponseSchema,
  SchemaOutput,
  RequestBody,
} from './transport-options.js'
export { pickRequestOptions, type RequestOptions } from './request-options.js'
export { silentLogger, redactingLogger, type Logger } from './logger.js'
export { redactText, redactUrl, redactValue, REDACTED, MIN_REDACTED_LENGTH, type Secrets } from './redact.js'
export { sleep, pause } from './sleep.js'
export { backoffDelay, type BackoffDelays } from './backoff.js'
export { classifyNetworkFailure, type Delivery, type NetworkFailure } from './network-failure.js'
export { redirectTarget } from './redirect.js'
export { path, keepSlashes, encodePathSegment, type KeepSlashes } from './path.js'
export {
  API_VERSION,
  normalizeApiUrl,
  versionedUrl,
  unversionedUrl,
  websocketUrl,
  webuiUrl,
  isLoopbackHost,
  checkCleartextApiUrl,
  type CleartextPolicy,
} from './address.js'
export { PagedList, type PageLoader, type ToArrayOptions } from './paged-list.js'
export { parsePage, type EnvelopeListener, type Page } from './page.js'
export {
  defaultRetryDelays,
  isRepeatable,
  isRetryableStatus,
  parseRetryAfter,
  retryDelay,
  type RetryDelays,
} from './retry-policy.js'
export { ApiError, type ApiErrorInit, type ProblemDetail, type ValidationErrors } from './errors/api-error.js'
export {
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  ConflictError,
  ContentTooLargeError,
  RateLimitError,
  ServerError,
  type RateLimitErrorInit,
} from './errors/status-errors.js'
export {
  ConnectionError,
  TimeoutError,
  type ConnectionErrorInit,
  type TimeoutErrorInit,
} from './errors/connection-error.js'
export { AbortError, type AbortErrorInit } from './errors/abort-error.js'
export { ResponseTooLargeError, type ResponseTooLargeErrorInit } from './errors/response-too-large-error.js'
export { ServerCapabilities, type WebPageReader } from './server-capabilities.js'
export { VERSION } from './version.js'
