/**
 * A server the contract exchanges run against: the real 0.16.2 server or the fake, with
 * the same workspace name, and the one step that differs between them (completing a work
 * request: the real worker runs `noop`, the fake is told to).
 */
export interface Target {
  name: 'real' | 'fake'
  /** The `/api` URL, without a trailing slash. */
  apiUrl: string
  token: string
  scope: string
  workspace: string
  /** Wait until the `noop` work request `id` is completed with the result of its task data. */
  awaitCompletion(id: number, result: string): Promise<void>
  /** Answer the enrollment `nonce` as its user would (the real server's web page, the fake's control API). */
  answerEnrollment(nonce: string, outcome: 'confirm' | 'cancel'): Promise<void>
}
