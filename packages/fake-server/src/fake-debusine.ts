import type { FaultRule } from './faults.js'
import type { ReceivedRequest } from './received-request.js'

/** How to start a fake Debusine. Every field has a default. */
export interface FakeDebusineOptions {
  /** TCP port; default 0 (a free one, see `apiUrl`). */
  port?: number
  /** Address to listen on; default `127.0.0.1`. */
  host?: string
  /** The user's API token; default 64 random hex digits. */
  token?: string
  /** Default `debusine`, as the real server's default scope. */
  scope?: string
  /** The default workspace; default `System`. */
  workspace?: string
  /** More workspaces the user may use. */
  extraWorkspaces?: readonly string[]
  /**
   * The workspaces anonymous requests may read (they see the others as missing, as the real
   * server does); default `['System']`, public on a fresh server.
   */
  publicWorkspaces?: readonly string[]
  /** The user the token authenticates as; default `testuser`. */
  username?: string
  /** A file to load the state from at start (when it exists) and to save it to at `close()`. */
  stateFile?: string
  /**
   * The token of the HTTP control API (header `X-Fake-Control-Token`); default 64 random hex
   * digits, see {@link FakeDebusine.controlToken}.
   */
  controlToken?: string
}

/** How the control API completes a work request. */
export interface CompleteOptions {
  /**
   * Announce the completion on the channel this many milliseconds before the work request
   * reads terminal (the race a client meets when it reads the state on a notification).
   */
  announceAheadMs?: number
}

/** A step the test adds to a workflow (the fake runs no orchestrator). */
export interface WorkflowStep {
  taskName: string
  /** Default `Worker`; `Wait` with the task name `confirm` makes a step for `confirm`. */
  taskType?: 'Worker' | 'Server' | 'Internal' | 'Signing' | 'Wait'
  /** Default `pending`; `blocked` with `manualUnblock` waits for `unblock`; a `Wait` step is `running`. */
  status?: 'pending' | 'blocked' | 'running'
  /** The step is unblocked by hand (`POST …/unblock/`), as the server's `manual` strategy. */
  manualUnblock?: boolean
  taskData?: Record<string, unknown>
}

/** An enrollment (`POST /api/enroll/`) waiting for the test to confirm or cancel it. */
export interface PendingEnrollmentInfo {
  nonce: string
  challenge: string
  hostname: string
  scope: string
}

/** A running fake Debusine: where it is, and the control API of a test. */
export interface FakeDebusine {
  /** The `/api` URL to configure clients with, e.g. `http://127.0.0.1:40123/api`. */
  readonly apiUrl: string
  /** The user's API token (header `Token`). */
  readonly token: string
  /**
   * The token every request under `/-/fake/` must carry in the header `X-Fake-Control-Token`
   * (with the fake's own `Host`, no foreign `Origin`, no form or text content type).
   */
  readonly controlToken: string
  readonly scope: string
  /** The default workspace. */
  readonly workspace: string
  /** Complete a pending or running work request with `result` (default `success`) and announce it. */
  completeWorkRequest(id: number, result?: string, options?: CompleteOptions): Promise<void>
  /** Complete a work request with the result `failure`. */
  failWorkRequest(id: number): Promise<void>
  /**
   * Add a step to the workflow `id` and return the step's id; once every step is terminal
   * the workflow completes (success when every step succeeded or was skipped).
   */
  addWorkflowStep(id: number, step: WorkflowStep): number
  /** The enrollments waiting for an answer, oldest first. */
  pendingEnrollments(): PendingEnrollmentInfo[]
  /**
   * Answer a waiting enrollment (the only one when `nonce` is absent) as the user on the
   * web page would: `confirm` hands it the fake's token, `cancel` no token.
   */
  answerEnrollment(outcome: 'confirm' | 'cancel', nonce?: string): void
  /** Every API request received so far (websocket handshakes included), in order; the control API's own are left out. */
  receivedRequests(): ReceivedRequest[]
  /** Forget the requests received so far. */
  clearReceivedRequests(): void
  /** Arm a fault for the next matching requests. */
  injectFault(rule: FaultRule): void
  /** Disarm every fault. */
  clearFaults(): void
  /** Make the token answer as an expired one (anonymous, so 403 where a user is needed), or undo it. */
  expireToken(expired?: boolean): void
  /** Stop listening, drop every connection and save the state file if one was named. */
  close(): Promise<void>
}
