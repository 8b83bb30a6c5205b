// debusine-admin inside the real server's chroot, for what tests must do as the server's
// administrator: what no API (or no API of an older server) offers.
import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const ADMIN = fileURLToPath(new URL('../../../../tooling/real-server/admin', import.meta.url))

/** Run debusine-admin inside the server's chroot (2-4 s of start-up; a child process, so the event loop runs on). */
export async function admin(args: string[], input?: string): Promise<string> {
  const run = promisify(execFile)(ADMIN, args, { encoding: 'utf8', timeout: 60_000 })
  if (input !== undefined) {
    run.child.stdin?.end(input)
  }
  try {
    return (await run).stdout
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? ''
    throw new Error(`debusine-admin ${args.join(' ')} failed: ${(error as Error).message}\n${stderr}`, {
      cause: error,
    })
  }
}

/**
 * Abort work requests as the server's administrator would (its own model's `mark_aborted`),
 * for servers whose API has no abort (0.11); those already finished are left as they are.
 */
export async function abortAsAdmin(ids: readonly number[]): Promise<void> {
  const code = [
    'from debusine.db.models import WorkRequest',
    `for w in WorkRequest.objects.filter(id__in=${JSON.stringify(ids)}).exclude(status__in=["completed", "aborted"]):`,
    '    w.mark_aborted()',
  ].join('\n')
  await admin(['shell', '-c', code])
}
