// A stand-in for a Debusine worker, driven by a test: it is created with debusine-admin,
// registers and connects as a worker does (docs/protocol.md §14), and takes the work requests the
// scheduler assigns to it, so a test holds the short-lived work-request tokens that only
// workers receive. It speaks the worker endpoints with plain fetch on purpose: the client
// under test has no worker API, and the fake must not depend on the code it helps to test.
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, rm, writeFile } from 'node:fs/promises'
import { realServer } from '../../../../tooling/vitest/real-server.js'
import { admin } from './admin.js'

/** Where debusine-admin's commands live inside the server's chroot. */
const ADMIN_COMMANDS = '/usr/lib/python3/dist-packages/debusine/server/management/commands'

/** Where debusine-server keeps the token keys of its own Celery and scheduler workers (DEBUSINE_TOKENS_DIRECTORY). */
const SERVER_TOKENS_DIRECTORY = '/var/lib/debusine/server/tokens'

/**
 * The token key of one of the server's internal workers (`celery` or `scheduler`), read
 * from the server's tokens directory: these workers register themselves when Celery
 * starts, and debusine-admin cannot create more of them.
 */
export async function internalWorkerToken(name: 'celery' | 'scheduler'): Promise<string> {
  const key = await readFile(`${realServer().serverRoot}${SERVER_TOKENS_DIRECTORY}/${name}`, 'utf8')
  return key.trim()
}

/** A work request as `get-next-for-worker` hands it to a worker: with its own token. */
export interface AssignedWorkRequest {
  id: number
  task_name: string
  task_type: string
  status: string
  worker: number
  /**
   * The short-lived token of this work request, for its worker; on servers without work
   * request tokens (0.11), where a worker acts with its own token, that token.
   */
  token: string
}

/** What the fake worker advertises and how it is created. */
export interface FakeWorkerOptions {
  /** Prefix of the worker's name (a unique suffix is added). */
  name: string
  /** `external` (default) or `signing`. */
  workerType?: 'external' | 'signing'
  /** The scheduler tags the worker provides: it is only given work requests requiring a subset of these. */
  providedTags: string[]
  /**
   * What servers before scheduler tags (0.11) match work to, in their flat keys:
   * `system:architectures`, `<task>:version`, `<task>:available`. Sent beside the tags;
   * each server reads the keys it knows.
   */
  metadata?: Record<string, unknown>
  /**
   * Tags the work request must provide (static metadata, set with debusine-admin), e.g.
   * `task:workspace:debusine:NAME` so that the worker takes only that workspace's work.
   */
  requiredTags?: string[]
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds))
}

/** A registered, connected worker of the real server that takes work only when asked. */
export class FakeWorker {
  readonly name: string
  readonly workerType: 'external' | 'signing'
  readonly #token: string
  readonly #socket: WebSocket
  readonly #messages: string[]

  private constructor(
    name: string,
    workerType: 'external' | 'signing',
    token: string,
    socket: WebSocket,
    messages: string[],
  ) {
    this.name = name
    this.workerType = workerType
    this.#token = token
    this.#socket = socket
    this.#messages = messages
  }

  /** The worker's own token (for the worker endpoints; not a work request's token). */
  get token(): string {
    return this.#token
  }

  /** What the server sent on the worker's websocket, in order (`connected`, `work_request_available`, …). */
  get messages(): readonly string[] {
    return this.#messages
  }

  /**
   * Create and register a worker, publish its tags and connect its websocket: the scheduler
   * only assigns work to connected workers whose dynamic metadata is recent. Servers with
   * `debusine-admin worker create` (0.16) hand out an activation token; older ones (0.11)
   * let the worker register itself, disabled, until `manage_worker enable`.
   */
  static async start(options: FakeWorkerOptions): Promise<FakeWorker> {
    const { apiUrl } = realServer()
    const wanted = `${options.name}-${randomBytes(4).toString('hex')}`
    const workerType = options.workerType ?? 'external'
    const token = randomBytes(32).toString('hex')
    const activationToken = await FakeWorker.#activationToken(wanted, workerType)
    try {
      await FakeWorker.#call('POST', `${apiUrl}/1.0/worker/register/`, activationToken, 201, {
        token,
        fqdn: wanted,
        worker_type: workerType,
      })
      if (activationToken === undefined)
        await admin(['manage_worker', '--worker-type', workerType, 'enable', token])
      if (options.requiredTags !== undefined) await FakeWorker.#setRequiredTags(wanted, options.requiredTags)
      await FakeWorker.#call('PUT', `${apiUrl}/1.0/worker/dynamic-metadata/`, token, 204, {
        ...options.metadata,
        'system:worker_type': workerType,
        system: { worker_type: workerType },
        provided_tags: options.providedTags,
      })
      const messages: string[] = []
      const socket = await FakeWorker.#connect(apiUrl, token, messages)
      // The server slugifies the name and adds -2, -3 … when it is taken; ours is unique.
      return new FakeWorker(wanted, workerType, token, socket, messages)
    } catch (error) {
      // Leave no half-made worker behind that could take work later.
      await disableWorker(workerType, wanted).catch(() => undefined)
      throw error
    }
  }

  /** The activation token of a worker created with debusine-admin, or undefined where the server has no such command. */
  static async #activationToken(wanted: string, workerType: string): Promise<string | undefined> {
    if (!hasWorkerCommand()) return undefined
    const output = await admin(['worker', 'create', '--worker-type', workerType, wanted])
    const activationToken = /\b[0-9a-f]{64}\b/.exec(output)?.[0]
    if (activationToken === undefined) throw new Error(`no activation token in: ${output}`)
    return activationToken
  }

  /** Static metadata: debusine-admin reads it from a file inside the chroot, as debusine-server. */
  static async #setRequiredTags(name: string, requiredTags: string[]): Promise<void> {
    const file = `/tmp/${name}-metadata.yaml`
    const onHost = `${realServer().serverRoot}${file}`
    await writeFile(onHost, JSON.stringify({ required_tags: requiredTags }), { mode: 0o644 })
    const command = hasWorkerCommand() ? ['worker', 'edit_metadata'] : ['edit_worker_metadata']
    try {
      await admin([...command, '--set', file, name])
    } finally {
      await rm(onHost, { force: true })
    }
  }

  static async #call(
    method: string,
    url: string,
    token: string | undefined,
    expectedStatus: number,
    body?: unknown,
  ): Promise<Response> {
    const response = await fetch(url, {
      method,
      headers: {
        ...(token === undefined ? {} : { Token: token }),
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: body === undefined ? null : JSON.stringify(body),
    })
    if (response.status !== expectedStatus) {
      throw new Error(`${method} ${url}: HTTP ${response.status} ${await response.text()}`)
    }
    return response
  }

  static #connect(apiUrl: string, token: string, messages: string[]): Promise<WebSocket> {
    const url = `${apiUrl.replace(/^http/, 'ws')}/ws/1.0/worker/connect/`
    // Node's WebSocket (undici) takes an init object with headers, which the DOM typings
    // do not know; the server reads the worker token from the `token` handshake header.
    const init = { headers: { token } } as unknown as string[]
    const socket = new WebSocket(url, init)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error('the worker websocket did not say "connected" within 10 s'))
      }, 10_000)
      socket.addEventListener('message', (event) => {
        const text = String(event.data)
        messages.push(text)
        if (text.includes('connection_rejected')) {
          clearTimeout(timer)
          reject(new Error(`worker connection rejected: ${text}`))
        } else if (text.includes('"connected"')) {
          clearTimeout(timer)
          resolve(socket)
        }
      })
      socket.addEventListener('error', () => {
        clearTimeout(timer)
        reject(new Error('the worker websocket failed'))
      })
    })
  }

  /**
   * Ask for the work request assigned to this worker (`get-next-for-worker`) until there
   * is one; the scheduler assigns work on demand and at least every 15 s.
   */
  async nextWorkRequest(timeoutMilliseconds = 40_000): Promise<AssignedWorkRequest> {
    const { apiUrl } = realServer()
    const deadline = Date.now() + timeoutMilliseconds
    // A POST on 0.16; older servers (0.11) take a GET and answer 405 to a POST.
    let method = 'POST'
    for (;;) {
      const response = await fetch(`${apiUrl}/1.0/work-request/get-next-for-worker/`, {
        method,
        headers: { Token: this.#token, Accept: 'application/json' },
      })
      if (response.status === 405 && method === 'POST') {
        method = 'GET'
        continue
      }
      if (response.status === 200) {
        const assigned = (await response.json()) as Partial<AssignedWorkRequest>
        return { ...assigned, token: assigned.token ?? this.#token } as AssignedWorkRequest
      }
      if (response.status !== 204) {
        throw new Error(`get-next-for-worker: HTTP ${response.status} ${await response.text()}`)
      }
      if (Date.now() > deadline) {
        throw new Error(`worker ${this.name} was assigned no work request within ${timeoutMilliseconds} ms`)
      }
      await delay(500)
    }
  }

  /**
   * Disconnect and disable the worker (its token too), so that it takes nothing more. Its
   * metadata goes first: the open-metrics page writes a line for every subset of the
   * architectures workers advertise, so a made-up one left behind doubles that page.
   */
  async stop(): Promise<void> {
    this.#socket.close()
    await FakeWorker.#call('PUT', `${realServer().apiUrl}/1.0/worker/dynamic-metadata/`, this.#token, 204, {})
    await disableWorker(this.workerType, this.#token)
  }
}

/** Whether the server's debusine-admin has the `worker` command (0.16), or only the older `manage_worker` and friends. */
function hasWorkerCommand(): boolean {
  return existsSync(`${realServer().serverRoot}${ADMIN_COMMANDS}/worker.py`)
}

/** Disable a worker (by name or token key) and its token. */
async function disableWorker(workerType: string, worker: string): Promise<void> {
  const command = hasWorkerCommand()
    ? ['worker', 'disable', '--worker-type', workerType]
    : ['manage_worker', '--worker-type', workerType, 'disable']
  await admin([...command, worker])
}
