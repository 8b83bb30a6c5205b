// What the external-debsign tests need: a throwaway OpenPGP key, and a real
// `Wait/externaldebsign` work request (a `package_upload` workflow of an unsigned upload).
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout } from 'node:timers/promises'
import { TaskName, TaskType, WorkRequestStatus, type WorkRequest } from '@debusine-ts/models'
import type { DebusineClient } from '../../src/index.js'

/** A GnuPG home with one passphrase-less signing key. */
export interface SigningKey {
  home: string
  fingerprint: string
  /** `gpg` with this home. */
  gpg(args: string[], input?: string): string
}

/** Make a new GnuPG home holding a new ed25519 signing key for `uid`. */
export function createSigningKey(uid: string): SigningKey {
  const home = mkdtempSync(join(tmpdir(), 'debusine-ts-gnupg-'))
  const gpg = (args: string[], input?: string): string =>
    execFileSync('gpg', ['--homedir', home, '--batch', '--no-tty', ...args], {
      encoding: 'utf8',
      input,
      stdio: ['pipe', 'pipe', 'pipe'],
    })
  gpg(['--passphrase', '', '--quick-generate-key', uid, 'ed25519', 'sign', 'never'])
  const fingerprint = /^fpr:+([0-9A-F]{40}):/m.exec(gpg(['--with-colons', '--list-secret-keys']))?.[1]
  if (fingerprint === undefined) throw new Error('gpg made no key')
  return { home, fingerprint, gpg }
}

/**
 * Start a `package_upload` workflow of the unsigned upload `uploadId` (to an upload queue
 * nobody listens on) and return its `Wait/externaldebsign` child once the workflow created
 * it and the scheduler marked it running (bounded wait).
 */
export async function externalDebsignRequest(
  client: DebusineClient,
  uploadId: number,
): Promise<{ workflow: WorkRequest; wait: WorkRequest }> {
  const workflow = await client.workflows.start({
    taskName: TaskName.PACKAGE_UPLOAD,
    taskData: { source_artifact: uploadId, target: 'ftp://127.0.0.1:9/upload/', require_signature: true },
  })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const waits = await client.workRequests
      .list({ taskType: TaskType.WAIT, status: WorkRequestStatus.RUNNING })
      .toArray({ limit: 200 })
    const wait = waits.find(
      (request) => request.parent === workflow.id && request.task_name === TaskName.EXTERNAL_DEBSIGN,
    )
    if (wait !== undefined) return { workflow, wait }
    await setTimeout(500)
  }
  throw new Error(`workflow ${workflow.id} made no running external-debsign work request within 60 s`)
}
