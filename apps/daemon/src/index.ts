/**
 * @packageDocumentation
 * The debusine-ts daemon: runs a command for each Debusine work request completion, as a
 * service (`debusine-ts-daemon`). The functions here are what the binary is made of.
 */
export { runDaemon, type DaemonContext } from './daemon.js'
export { parseArguments, usage, type DaemonArguments } from './arguments.js'
export { jsonLogger, type LineSink } from './json-logger.js'
export { parseHealthAddress, type HealthAddress } from './health-server.js'
