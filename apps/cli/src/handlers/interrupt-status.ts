// What each writing command says it left when SIGINT/SIGTERM stops it (the kit prints the
// line and exits 130/143): the truth as last known, and, once stopped, as the server says.
import { lstat } from 'node:fs/promises'
import { join } from 'node:path'
import type { CommandContext } from '@debusine-ts/cli-kit'
import type { DebusineClient, UploadProgress } from '@debusine-ts/client'
import type { Artifact } from '@debusine-ts/models'

/** How often an interrupted upload looks whether a file whose last byte was sent got complete. */
const SETTLE_POLL_MS = 150

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

const listed = (names: readonly string[]): string => names.map((name) => `"${name}"`).join(', ')

/** The callbacks an upload gives the client so that an interrupt can tell what it left. */
export interface UploadStatus {
  onArtifact(artifact: Artifact): void
  onProgress(progress: UploadProgress): void
}

/** An upload (`artifact create --upload`): the artifact's id and the files the server still lacks. */
export function trackUpload(context: CommandContext, client: DebusineClient, resume: boolean): UploadStatus {
  let artifact: Artifact | undefined
  const complete = new Set<string>()
  let allSent = false
  const again = resume
    ? 'running the same command again continues it'
    : 'running the same command again creates a new artifact (without --no-resume it would continue this one)'
  const describe = (id: number, missing: readonly string[], settling: boolean): string =>
    missing.length === 0
      ? `artifact ${id} exists on the server and is complete (nothing is left to upload).`
      : `artifact ${id} exists on the server; files still to upload: ${listed(missing)}` +
        `${settling ? ' (its last bytes were sent: the server may yet complete it)' : ''}; ${again}.`
  const now = (): string => {
    if (artifact === undefined) {
      return resume
        ? 'no artifact of this upload is known to exist yet; running the same command again creates it, or continues the one its create request may have made.'
        : 'no artifact of this upload is known to exist yet (its create request may have made one, which --no-resume will not reuse).'
    }
    return describe(
      artifact.id,
      artifact.files_to_upload.filter((name) => !complete.has(name)),
      allSent,
    )
  }
  // Once stopped, the server says what it holds; a file whose body was all sent may still
  // be stored and checked by the server: look again until it is, or time runs out.
  const atStop = async (signal: AbortSignal): Promise<string> => {
    if (artifact === undefined) return now()
    for (;;) {
      const read = await client.artifacts.get(artifact.id, { signal })
      if (read.files_to_upload.length === 0 || !allSent) return describe(read.id, read.files_to_upload, false)
      await sleep(SETTLE_POLL_MS, signal)
      if (signal.aborted) return describe(read.id, read.files_to_upload, true)
    }
  }
  context.io.interrupts?.setStatus({ now, atStop })
  return {
    onArtifact: (known) => {
      artifact = known
    },
    onProgress: (progress) => {
      if (progress.fileCommitted === progress.fileSize) complete.add(progress.path)
      allSent = progress.sent >= progress.total
    },
  }
}

/** An import of Debian files: several artifacts, continued by the same command through the upload journal. */
export function trackImport(context: CommandContext, resume: boolean): void {
  context.io.interrupts?.setStatus({
    now: () =>
      resume
        ? 'the import did not complete: some of its artifacts may exist on the server, partly uploaded; running the same command again continues the same artifacts.'
        : 'the import did not complete: some of its artifacts may exist on the server, partly uploaded (--no-resume: running the same command again creates new ones).',
  })
}

/** A command whose change is one or a few requests (`task-config push`, `workflow start`): what to say if interrupted now. */
export function trackRequest(context: CommandContext, line: string): void {
  context.io.interrupts?.setStatus({ now: () => line })
}

/** `artifact download`: which files are on disk, whole, under their final names. */
export function trackDownload(
  context: CommandContext,
  client: DebusineClient,
  input: { id: number; directory: string; tarball: boolean },
): void {
  const again =
    'no partial file is left under a final name; remove those files (or choose another directory) and run the same command again to download everything.'
  const now = (): string =>
    `the download of artifact ${input.id} into ${input.directory} did not complete; ${again}`
  const exists = (name: string): Promise<boolean> =>
    lstat(join(input.directory, name)).then(
      () => true,
      () => false,
    )
  const atStop = async (signal: AbortSignal): Promise<string> => {
    const names = input.tarball
      ? [`artifact-${input.id}.tar.gz`]
      : Object.keys((await client.artifacts.get(input.id, { signal })).files)
    const written: string[] = []
    for (const name of names) if (await exists(name)) written.push(name)
    const missing = names.filter((name) => !written.includes(name))
    return `the download of artifact ${input.id} into ${input.directory} did not complete: written whole: ${
      written.length === 0 ? 'none' : listed(written)
    }; not written: ${listed(missing)}; ${again}`
  }
  context.io.interrupts?.setStatus({ now, atStop })
}
