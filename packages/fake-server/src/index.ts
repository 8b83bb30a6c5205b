/**
 * @packageDocumentation
 * A stateful, in-memory fake Debusine on a real port, for the tests of code built on
 * Debusine: the 0.16.2 wire for the endpoints it serves, a control API that completes work
 * requests and lists what it received, and faults to switch on per test. Its contract
 * tests run against the real server too.
 */

// The declarations name Node's types (streams, child processes, NodeJS.*): a consumer needs
// @types/node installed, whatever its tsconfig.json's `types` says.
/// <reference types="node" preserve="true" />
export { startFakeDebusine } from './start-fake-debusine.js'
export type {
  FakeDebusine,
  FakeDebusineOptions,
  CompleteOptions,
  PendingEnrollmentInfo,
  WorkflowStep,
} from './fake-debusine.js'
export type { Fault, FaultRule } from './faults.js'
export type { ReceivedRequest } from './received-request.js'
export { SERVED_ENDPOINTS } from './served-endpoints.js'
