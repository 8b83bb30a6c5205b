import { access, constants } from 'node:fs/promises'
import { isAbsolute, resolve } from 'node:path'
import { CliError, type CommandContext, type ProgressBar } from '@debusine-ts/cli-kit'
import type { DebusineClient } from '@debusine-ts/client'
import type { Artifact } from '@debusine-ts/models'

/** The `--target-directory` given (relative to the working directory), checked writable. */
export async function writableDirectory(
  context: CommandContext,
  option: string | undefined,
): Promise<string> {
  const directory =
    option === undefined ? context.io.cwd : isAbsolute(option) ? option : resolve(context.io.cwd, option)
  try {
    await access(directory, constants.W_OK)
  } catch (error) {
    throw new CliError(`Cannot write to ${directory}`, {
      cause: error,
      hint: `${(error as Error).message}. Choose a writable, existing directory with --target-directory.`,
    })
  }
  return directory
}

/** How {@link downloadInto} downloads one artifact. */
export interface DownloadIntoOptions {
  readonly tarball?: boolean
  readonly completeFilesOnly?: boolean
  readonly bar: ProgressBar
}

/**
 * Download artifact `id` into `directory`, verified (the client's `downloadTo`), its
 * progress on `bar`: the one path of `artifact download` and `workflow download`.
 */
export function downloadInto(
  context: CommandContext,
  client: DebusineClient,
  id: number,
  directory: string,
  options: DownloadIntoOptions,
): Promise<Artifact> {
  return client.artifacts.downloadTo(id, directory, {
    tarball: options.tarball ?? false,
    completeFilesOnly: options.completeFilesOnly ?? false,
    signal: context.signal,
    onProgress: (progress) =>
      options.bar.update(`Downloading ${progress.path}`, progress.loaded, progress.total),
  })
}
