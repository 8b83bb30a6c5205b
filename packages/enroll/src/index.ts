/**
 * @packageDocumentation
 * Obtain a Debusine API token through enrollment.
 */
export {}
