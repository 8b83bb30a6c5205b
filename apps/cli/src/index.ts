/**
 * @packageDocumentation
 * debusine-ts: command-line client for Debusine, a superset of the Python debusine CLI.
 */
export {}
