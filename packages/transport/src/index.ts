/**
 * @packageDocumentation
 * HTTP transport for the Debusine API: auth, errors, retries, timeouts, pagination.
 */
export {}
