/**
 * @packageDocumentation
 * Service runner that reacts to Debusine work request completions.
 */
export {}
