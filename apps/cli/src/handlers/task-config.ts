import { access } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { CliError, type HandlerOf } from '@debusine-ts/cli-kit'
import type { taskConfigCommands } from './task-config.commands.js'
import { trackRequest } from './interrupt-status.js'

/**
 * `task-config pull`: fetch a task configuration collection into a local repository (a
 * new checkout takes COLLECTION or `default`; an existing one its MANIFEST's).
 */
export const pull: HandlerOf<typeof taskConfigCommands.pull> = async (context, values) => {
  const client = await context.client()
  const directory = resolve(context.io.cwd, values.workdir ?? '.')
  const { TaskConfigurationRepository } = await import('@debusine-ts/client')
  const existing =
    (await TaskConfigurationRepository.open(directory).catch(() => undefined))?.manifest ?? undefined
  const collection = values.collection
  const result = await client.taskConfigurations.fetchToRepository(
    directory,
    {
      // An existing checkout keeps its own workspace and collection unless told otherwise
      // (then the repository refuses a different one).
      workspace:
        values.workspace ?? (existing === undefined ? await context.workspace(undefined) : undefined),
      name: collection ?? (existing === undefined ? 'default' : undefined),
    },
    { signal: context.signal },
  )
  for (const warning of result.warnings) context.warn(warning)
  const { added, updated, deleted, unchanged } = result.stats
  context.feedback(`${added} added, ${updated} updated, ${deleted} deleted, ${unchanged} unchanged`)
  if (context.format !== 'human') {
    await context.print({
      json: {
        directory: result.directory,
        workspace: result.manifest.workspace,
        collection: result.manifest.collection.name,
        ...result.stats,
        changes: result.changes,
        warnings: result.warnings,
      },
    })
  }
}

/** `task-config push`: replace the collection's items with the repository's entries. */
export const push: HandlerOf<typeof taskConfigCommands.push> = async (context, values) => {
  const client = await context.client()
  const dryRun = values.dryRun
  const directory = resolve(context.io.cwd, values.workdir ?? '.')
  // As the Python client: a directory that is not a checkout is refused before anything is said.
  const { MANIFEST_FILE } = await import('@debusine-ts/client')
  try {
    await access(join(directory, MANIFEST_FILE))
  } catch (cause) {
    // A directory without MANIFEST, in the Python client's words.
    throw new CliError(`${directory} is not a repository`, {
      cause,
      hint: 'Fetch a collection into it first with debusine-ts task-config pull.',
    })
  }
  context.feedback(`Pushing data to server${dryRun ? ' (dry run)' : ''}...`)
  trackRequest(
    context,
    dryRun
      ? 'the dry run stopped; nothing was changed on the server.'
      : "the push did not complete: some of the collection's items may already be changed on the server; running the same command again pushes the rest.",
  )
  const result = await client.taskConfigurations.push(directory, {
    dryRun,
    force: values.force,
    signal: context.signal,
  })
  for (const warning of result.warnings) context.warn(warning)
  context.feedback(
    `${result.added} added, ${result.updated} updated, ${result.removed} removed, ${result.unchanged} unchanged`,
  )
  if (context.format !== 'human') {
    const { added, updated, removed, unchanged, dryRun: dry, gitCommit, warnings } = result
    await context.print({ json: { added, updated, removed, unchanged, dryRun: dry, gitCommit, warnings } })
  }
}
