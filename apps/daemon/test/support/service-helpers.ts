/**
 * Helpers of the daemon's service tests: a command that records its starts and ends, the
 * health endpoint, a listener of the systemd notification socket, and figures.
 */
import { execFile, spawn } from 'node:child_process'
import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { promisify } from 'node:util'
import { realServer } from '../../../../tooling/vitest/real-server.js'
import { writeConfig } from './daemon-process.js'

/** A directory with a config file and `./record`, which logs `start ID` and `end ID` to runs.txt. */
export async function serviceSetup(
  body = '',
): Promise<{ directory: string; config: string; command: string }> {
  const directory = await mkdtemp(join(tmpdir(), 'daemon-service-'))
  const command = join(directory, 'record')
  // The id is the last but one argument; BODY may sleep, fail or ignore SIGTERM.
  await writeFile(
    command,
    `#!/bin/sh\nfor a; do p="$id"; id="$a"; done\nid="$p"\necho "start $id" >> runs.txt\n${body}\necho "end $id" >> runs.txt\n`,
  )
  await chmod(command, 0o755)
  return { directory, config: await writeConfig(directory, realServer().token), command }
}

/** How many times each id's command started and ended. */
export async function runs(
  directory: string,
): Promise<{ starts: Map<number, number>; ends: Map<number, number> }> {
  const text = await readFile(join(directory, 'runs.txt'), 'utf8').catch(() => '')
  const starts = new Map<number, number>()
  const ends = new Map<number, number>()
  for (const line of text.split('\n')) {
    const [what, id] = line.split(' ')
    const map = what === 'start' ? starts : what === 'end' ? ends : undefined
    if (map !== undefined) map.set(Number(id), (map.get(Number(id)) ?? 0) + 1)
  }
  return { starts, ends }
}

/** Poll until `check` holds; throws after `timeoutMs` naming `what`. */
export async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 120_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what} after ${timeoutMs} ms`)
    await delay(100)
  }
}

/** GET a path of the health endpoint: status and JSON body. */
export async function health(
  port: number,
  path: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`)
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

/** The value at quantile `q` (0..1) of numbers (nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  const sorted = values.toSorted((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN
}

/** The peak resident memory of a process so far (VmHWM), in MiB. */
export async function peakRssMiB(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kib = Number(/^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1])
  return Math.round((kib / 1024) * 10) / 10
}

const listenerScript = `
import socket, sys
s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
s.bind(sys.argv[1])
print("listening", flush=True)
while True:
    print(s.recv(65536).decode().replace("\\n", " "), flush=True)
`

/**
 * A Unix datagram socket as systemd's NOTIFY_SOCKET is (read by a small Python program,
 * Node has no such socket); resolves once it listens. Each message is one string, its
 * lines joined by spaces.
 */
export async function notifySocket(
  directory: string,
): Promise<{ path: string; messages: string[]; close: () => void }> {
  const path = join(directory, 'notify.sock')
  const child = spawn('python3', ['-c', listenerScript, path], { stdio: ['ignore', 'pipe', 'inherit'] })
  const messages: string[] = []
  let pending = ''
  let listening: () => void = () => {}
  const ready = new Promise<void>((resolve) => (listening = resolve))
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk
    const parts = pending.split('\n')
    pending = parts.pop() ?? ''
    for (const part of parts) {
      if (part === 'listening') listening()
      else messages.push(part)
    }
  })
  await ready
  return { path, messages, close: () => child.kill() }
}

const ADMIN = new URL('../../../../tooling/real-server/admin', import.meta.url).pathname

function burstScript(workspace: string, count: number): string {
  return `
import json
from django.db import transaction
from debusine.db.context import context
from debusine.db.models import User, WorkRequest, Workspace
from debusine.tasks.models import NoopData
workspace = Workspace.objects.get(name=${JSON.stringify(workspace)}, scope__name="debusine")
user = User.objects.get(username="testuser")
ids = []
with context.disable_permission_checks():
    for i in range(${count}):
        with transaction.atomic():
            request = WorkRequest.objects.create(task_name="noop", task_data=NoopData().dict(), workspace=workspace, created_by=user)
            request.mark_pending()
            request.mark_completed(WorkRequest.Results.SUCCESS)
        ids.append(request.id)
print(json.dumps(ids))
`
}

/**
 * Complete `count` noop work requests in `workspace` as fast as the server takes them:
 * created and marked completed by the server's own code (\`debusine-admin shell\`), one
 * transaction each, so each completion is announced on the channel as a worker's would be
 * (one real worker runs ~0.2 noop a second on a loaded machine: too slow for a burst).
 * Resolves with their ids once all are completed.
 */
export async function completeNoops(workspace: string, count: number): Promise<number[]> {
  const { stdout } = await promisify(execFile)(ADMIN, ['shell', '-c', burstScript(workspace, count)], {
    encoding: 'utf8',
    timeout: 600_000,
    maxBuffer: 64 * 1024 * 1024,
  })
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as number[]
}
