/**
 * @packageDocumentation
 * Debusine API client: one namespace per resource, uploads and downloads.
 */
export {}
