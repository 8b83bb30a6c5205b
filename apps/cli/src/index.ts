/**
 * @packageDocumentation
 * debusine-ts: command-line client for Debusine, a superset of the Python debusine CLI.
 * The binary is `debusine-ts`; this entry point lets programs and tests run it in-process.
 */
export { main } from './main.js'
export { processIo, type Io, type OutputStream } from '@debusine-ts/cli-kit'
export { exitCodes, UsageError, CliError } from '@debusine-ts/cli-kit'
