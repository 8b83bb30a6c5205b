import type { Server } from 'node:http'
import { CompletionEvents, findCommand, type CompletionEvent } from '@debusine-ts/events'
import { redactingLogger, Transport, type Logger } from '@debusine-ts/transport'
import type { ConfiguredServer } from '@debusine-ts/client'
import type { DaemonArguments } from './arguments.js'
import { CompletionFeed } from './completion-feed.js'
import { runCompletionJob, type JobSettings } from './completion-job.js'
import { CompletionLedger } from './completion-ledger.js'
import { DaemonStatus } from './daemon-status.js'
import { startHealthServer } from './health-server.js'
import { JobPool } from './job-pool.js'
import { SystemdNotifier } from './systemd-notify.js'

/** What {@link serve} runs with. */
export interface ServiceContext {
  parsed: DaemonArguments
  env: Readonly<Record<string, string | undefined>>
  cwd: string
  /** The state file, resolved; none without `--last-completed-at`. */
  stateFile: string | undefined
  version: string
  logger: Logger
  /** Aborted to stop (SIGTERM). */
  signal: AbortSignal
  /** Registers the reload handler (SIGHUP); returns its removal. */
  onReload: ((listener: () => void) => () => void) | undefined
  /** Reads the configuration again, for a reload. */
  readServer: () => Promise<ConfiguredServer>
}

/** The channel of a configured server. */
function channelOf(server: ConfiguredServer, logger: Logger, version: string): CompletionEvents {
  const channelLogger = redactingLogger(logger, [server.token])
  const transport = new Transport({
    apiUrl: server.apiUrl,
    token: server.token,
    scope: server.scope,
    userAgent: `debusine-ts-daemon/${version}`,
    logger: channelLogger,
  })
  return new CompletionEvents(transport, { logger: channelLogger })
}

async function openHealth(context: ServiceContext, status: DaemonStatus): Promise<Server | undefined> {
  const address = context.parsed.health
  if (address === undefined) return undefined
  const { server, port } = await startHealthServer(address, status)
  context.logger.info('Health endpoint listening', { host: address.host, port })
  return server
}

function jobSettings(
  context: ServiceContext,
  ledger: CompletionLedger,
  status: DaemonStatus,
  stop: AbortSignal,
): JobSettings {
  const { parsed } = context
  return {
    command: parsed.command ?? '',
    args: parsed.args,
    workingDirectory: context.cwd,
    env: { ...context.env },
    stdio: 'inherit',
    timeoutMs: parsed.commandTimeoutSeconds === undefined ? undefined : parsed.commandTimeoutSeconds * 1000,
    killAfterMs: parsed.killAfterSeconds * 1000,
    retries: parsed.retries,
    retryDelayMs: parsed.retryDelaySeconds * 1000,
    stop,
    shutdownGraceMs: parsed.gracePeriodSeconds * 1000,
    ledger,
    status,
    logger: context.logger,
  }
}

/** Re-read the configuration and move the feed to it; a bad configuration keeps the old one. */
async function reload(context: ServiceContext, feed: CompletionFeed): Promise<void> {
  context.logger.info('Reloading the configuration (SIGHUP)')
  try {
    const server = await context.readServer()
    feed.replace(channelOf(server, context.logger, context.version))
    context.logger.info('Reloaded: resubscribing with the configuration read again', { server: server.name })
  } catch (error) {
    context.logger.error('Cannot reload; keeping the configuration in use', {
      error: error instanceof Error ? error.message : String(error),
    })
  }
}

/**
 * Run the service until `signal` aborts or a fatal error: the feed takes completions, the
 * pool runs their commands, the ledger records what finished. At the end, queued
 * completions are left for the next start, running commands get the grace period, and
 * what finished is on disk before it resolves (or rejects with the fatal error).
 *
 * @throws {CommandNotFoundError} (of the events package) when the command is not executable
 * @throws {TokenRejectedError} and the other fatal errors of the subscription
 * @throws {InFlightFileError} when the record of the completions cannot be written
 */
export async function serve(context: ServiceContext, server: ConfiguredServer): Promise<void> {
  const { parsed, logger } = context
  await findCommand(parsed.command ?? '', context.cwd, context.env.PATH ?? '')
  const ledger = await CompletionLedger.open(context.stateFile)
  if (ledger.leftPending.length > 0) {
    logger.warn('These completions had not finished at the last stop: their commands run again', {
      workRequestIds: ledger.leftPending.map((completion) => completion.work_request_id),
    })
  }
  const status = new DaemonStatus()
  const notifier = new SystemdNotifier(context.env, logger)
  const shutdown = new AbortController()
  const onStop = (): void => shutdown.abort(context.signal.reason)
  context.signal.addEventListener('abort', onStop, { once: true })
  if (context.signal.aborted) onStop()
  let failure: Error | undefined
  const fail = (error: unknown): void => {
    failure ??= error instanceof Error ? error : new Error(String(error))
    shutdown.abort(failure)
  }
  const pool = new JobPool<CompletionEvent>({
    jobs: parsed.jobs,
    queueLimit: parsed.queueLimit,
    run: (event) => runCompletionJob(event, jobSettings(context, ledger, status, shutdown.signal)),
    onError: fail,
  })
  status.queued = () => pool.queued
  status.running = () => pool.running
  const health = await openHealth(context, status)
  const feed = new CompletionFeed(
    {
      workspaces: parsed.workspaces,
      ledger,
      pool,
      queueLimit: parsed.queueLimit,
      status,
      logger,
      stop: shutdown.signal,
      onReady: () => notifier.ready(`listening; ${parsed.jobs} job(s)`),
    },
    channelOf(server, logger, context.version),
  )
  const removeReload = context.onReload?.(() => void reload(context, feed))
  try {
    await feed.run(ledger.startFrom)
  } catch (error) {
    fail(error)
  } finally {
    removeReload?.()
    context.signal.removeEventListener('abort', onStop)
    await drain({ context, status, notifier, pool, ledger })
    health?.close()
  }
  if (failure !== undefined) throw failure
}

/** Stop taking completions, let the running commands end, and flush the record. */
async function drain(parts: {
  context: ServiceContext
  status: DaemonStatus
  notifier: SystemdNotifier
  pool: JobPool<CompletionEvent>
  ledger: CompletionLedger
}): Promise<void> {
  const { context, status, notifier, pool, ledger } = parts
  status.stopping = true
  const stopping = notifier.stopping()
  const left = pool.close()
  context.logger.info('Stopping: running commands may finish', {
    running: pool.running,
    leftForNextStart: left.length,
    gracePeriodSeconds: context.parsed.gracePeriodSeconds,
  })
  await pool.idle()
  await ledger
    .flush()
    .catch((error: unknown) =>
      context.logger.error('Cannot write the record of the completions', { error: String(error) }),
    )
  await stopping
  context.logger.info('Commands', { ...status.commands })
}
