/**
 * A service's one job: upload a build's files as an artifact, start a work request on the
 * server, and wait for its end. Run by `user-code.test.ts` against the fake server and by
 * `tooling/real-server/test/examples.test.ts` against a real one.
 */
import { TestArtifact } from '@debusine-ts/artifacts'
import type { DebusineClient } from '@debusine-ts/client'
import type { WorkRequest } from '@debusine-ts/models'

/** What {@link uploadAndWait} is given besides the client. */
export interface UploadAndWaitOptions {
  /** The files to upload, relative to `baseDirectory`. */
  files: string[]
  /** An absolute directory holding `files`. */
  baseDirectory: string
  /** Told of the work request once the server has it (a service logs it, a test completes it). */
  onStarted?: (workRequest: WorkRequest) => void | Promise<void>
  /** How often to read the work request while it runs, in milliseconds (default 5 s). */
  pollInterval?: number
  /** The noop's task data; default `{ result: 'success' }` (a 0.11 server wants `{ result: true }`). */
  taskData?: Record<string, unknown>
  /** Stops the upload or the wait, whichever is under way. */
  signal?: AbortSignal
}

/** The artifact uploaded and the work request as it ended. */
export interface UploadAndWaitResult {
  artifactId: number
  workRequest: WorkRequest
}

/** Upload `files`, start a `noop` work request, and return it once it has ended. */
export async function uploadAndWait(
  client: DebusineClient,
  options: UploadAndWaitOptions,
): Promise<UploadAndWaitResult> {
  const { signal } = options
  const local = await TestArtifact.create({ files: options.files, baseDirectory: options.baseDirectory })
  // An upload cut halfway resumes where it stopped when this runs again (the client's journal).
  const artifact = await client.artifacts.upload(local, { signal })
  const started = await client.workRequests.create(
    { task_name: 'noop', task_data: options.taskData ?? { result: 'success' }, event_reactions: {} },
    { signal },
  )
  await options.onStarted?.(started)
  const workRequest = await client.workRequests.waitForCompletion(started.id, {
    signal,
    pollInterval: options.pollInterval,
  })
  return { artifactId: artifact.id, workRequest }
}
