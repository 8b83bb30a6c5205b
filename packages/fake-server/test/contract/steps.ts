import { createHash } from 'node:crypto'
import { call, jsonOf } from './http-call.js'
import type { Target } from './target.js'

/** The artifact files of the exchanges: path → content. */
export type Files = Record<string, string>

function fileRequest(content: string) {
  return {
    size: Buffer.byteLength(content),
    checksums: { sha256: createHash('sha256').update(content).digest('hex') },
    type: 'file',
    content_type: 'text/plain; charset=utf-8',
  }
}

/** The body that creates a `debusine:test` artifact holding `files` in the target's workspace. */
export function artifactBody(target: Target, files: Files): Record<string, unknown> {
  const requests = Object.fromEntries(Object.entries(files).map(([path, content]) => [path, fileRequest(content)]))
  return { category: 'debusine:test', workspace: target.workspace, files: requests, data: {} }
}

/**
 * Create an artifact with `files`; returns its answer as JSON. (The real server's workspace
 * is fresh for each run, so its deduplication only sees what this run sent, as the fake.)
 */
export async function createArtifact(target: Target, files: Files): Promise<{ id: number; files: Record<string, { url: string }>; download_tar_gz_url: string }> {
  const answer = await call(target, { method: 'POST', path: '/artifact/', json: artifactBody(target, files) })
  if (answer.status !== 201) throw new Error(`${target.name}: artifact creation answered ${answer.status}: ${answer.bytes.toString()}`)
  return jsonOf(answer) as Awaited<ReturnType<typeof createArtifact>>
}

/** Send `content` whole as the file `path` of artifact `id`. */
export async function uploadWhole(target: Target, id: number, path: string, content: string): Promise<void> {
  const bytes = Buffer.from(content)
  const answer = await call(target, {
    method: 'PUT',
    path: `/artifact/${id}/files/${path}/`,
    body: bytes,
    headers: { 'Content-Range': `bytes 0-${bytes.length - 1}/${bytes.length}` },
  })
  if (answer.status !== 201) throw new Error(`${target.name}: upload of ${path} answered ${answer.status}`)
}

/** Create an artifact and upload every file: a complete artifact. */
export async function completeArtifact(target: Target, files: Files): ReturnType<typeof createArtifact> {
  const artifact = await createArtifact(target, files)
  for (const [path, content] of Object.entries(files)) await uploadWhole(target, artifact.id, path, content)
  return artifact
}

/** A work request the real worker never takes (no executor for it): it stays pending. */
export function pendingTaskBody(target: Target): Record<string, unknown> {
  return {
    task_name: 'mmdebstrap',
    workspace: target.workspace,
    task_data: {
      bootstrap_options: { architecture: 'amd64' },
      bootstrap_repositories: [{ mirror: 'http://mirror.example/debian', suite: 'bookworm' }],
    },
    event_reactions: {},
  }
}

/** Create a work request that stays pending; returns its id. */
export async function createPending(target: Target): Promise<number> {
  const answer = await call(target, { method: 'POST', path: '/work-request/', json: pendingTaskBody(target) })
  return (jsonOf(answer) as { id: number }).id
}

const completedNoops = new Map<string, Promise<number>>()

/**
 * A `noop` work request completed with `result`, created once per target and result: the
 * real server's one worker is shared by every test of the machine, so each run asks it for
 * two runs only.
 */
export function completedNoop(target: Target, result: 'success' | 'failure'): Promise<number> {
  const key = `${target.name} ${result}`
  let completed = completedNoops.get(key)
  if (completed == null) {
    completed = runNoop(target, result)
    completedNoops.set(key, completed)
  }
  return completed
}

async function runNoop(target: Target, result: 'success' | 'failure'): Promise<number> {
  const answer = await call(target, {
    method: 'POST',
    path: '/work-request/',
    json: { task_name: 'noop', workspace: target.workspace, task_data: { result }, event_reactions: {} },
  })
  const { id } = jsonOf(answer) as { id: number }
  await target.awaitCompletion(id, result)
  return id
}
