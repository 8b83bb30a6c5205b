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
 * nobody listens on), from a template as every server version can, and return its
 * `Wait/externaldebsign` child once the workflow created it and the scheduler marked it
 * running (bounded wait). The child is found in the unfiltered list, as 0.11.3 filters
 * nothing and names no parent: the newest running one in the workflow's workspace.
 */
export async function externalDebsignRequest(
  client: DebusineClient,
  uploadId: number,
): Promise<{ workflow: WorkRequest; wait: WorkRequest }> {
  const templateName = `package-upload-${Date.now().toString(36)}`
  await client.workflowTemplates.create({
    name: templateName,
    task_name: TaskName.PACKAGE_UPLOAD,
    static_parameters: { target: 'ftp://127.0.0.1:9/upload/', require_signature: true },
    runtime_parameters: 'any',
  })
  const workflow = await client.workflows.start({ templateName, taskData: { source_artifact: uploadId } })
  const deadline = Date.now() + 60_000
  while (Date.now() < deadline) {
    const recent = await client.workRequests.list().toArray({ limit: 200 })
    const wait = recent.find(
      (request) =>
        request.id > workflow.id &&
        request.workspace === workflow.workspace &&
        (request.parent ?? workflow.id) === workflow.id &&
        request.task_type === TaskType.WAIT &&
        request.task_name === TaskName.EXTERNAL_DEBSIGN &&
        request.status === WorkRequestStatus.RUNNING,
    )
    if (wait !== undefined) return { workflow, wait }
    await setTimeout(500)
  }
  throw new Error(`workflow ${workflow.id} made no running external-debsign work request within 60 s`)
}
