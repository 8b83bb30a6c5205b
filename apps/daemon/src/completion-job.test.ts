import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CompletionEvent } from '@debusine-ts/events'
import type { Logger } from '@debusine-ts/transport'
import { describe, expect, it } from 'vitest'
import type { CompletionLedger } from './completion-ledger.js'
import { runCompletionJob, type JobSettings } from './completion-job.js'
import { DaemonStatus } from './daemon-status.js'

/** A logger that keeps what it was told. */
function recordingLogger(): Logger & { lines: { level: string; message: string; fields: unknown }[] } {
  const lines: { level: string; message: string; fields: unknown }[] = []
  const at =
    (level: string) =>
    (message: string, fields?: unknown): void => {
      lines.push({ level, message, fields })
    }
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }
}

/** Run the job for `result` with a command that writes its arguments, one a line; returns them. */
async function argumentsFor(result: string, logger: Logger): Promise<string[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'debusine-ts-job-')), 'argv')
  const settings: JobSettings = {
    command: 'sh',
    args: ['-c', 'for a in "$@"; do printf "[%s]\\n" "$a"; done > "$0"', file],
    workingDirectory: process.cwd(),
    env: process.env,
    stdio: 'ignore',
    timeoutMs: undefined,
    killAfterMs: 200,
    retries: 0,
    retryDelayMs: 0,
    stop: new AbortController().signal,
    shutdownGraceMs: 0,
    ledger: { finish: () => Promise.resolve() } as unknown as CompletionLedger,
    status: new DaemonStatus(),
    logger,
  }
  const event = { work_request_id: 42, result, completed_at: '2026-12-01T10:00:00+00:00' } as CompletionEvent
  await runCompletionJob(event, settings)
  return readFileSync(file, 'utf8').trimEnd().split('\n')
}

describe('the completion job', () => {
  it('passes a known result to the command as it is', async () => {
    const logger = recordingLogger()
    expect(await argumentsFor('temporary failure', logger)).toEqual(['[42]', '[temporary failure]'])
    expect(logger.lines.filter((line) => line.level === 'warn')).toEqual([])
  })

  it('passes "unknown" for a result it does not know (an option, a newline), and logs the value', async () => {
    for (const hostile of ['--exec=rm -rf /', 'success\n--force', 'cancelled']) {
      const logger = recordingLogger()
      expect(await argumentsFor(hostile, logger)).toEqual(['[42]', '[unknown]'])
      expect(logger.lines).toContainEqual({
        level: 'warn',
        message: 'Unknown result: the command is given "unknown"',
        fields: { workRequestId: 42, result: hostile },
      })
    }
  })
})
