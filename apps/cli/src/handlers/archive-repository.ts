import { ArchiveRepository, VisibilityTimeoutError } from '@debusine-ts/client'
import { type CommandContext, type HandlerOf, exitCodes } from '@debusine-ts/cli-kit'
import { linkHref } from '@debusine-ts/models'
import type { archiveCommands } from './archive.commands.js'

/** The options every repository command has. */
interface RepositoryValues {
  archiveUrl: string
  connectTo?: string | undefined
  login?: string | undefined
}

/** The workspace's repository on the archive host, read as `--login` with the configured token when given. */
async function repositoryOf(context: CommandContext, values: RepositoryValues): Promise<ArchiveRepository> {
  const server = await context.server()
  return new ArchiveRepository({
    url: values.archiveUrl,
    connectTo: values.connectTo,
    scope: server.scope,
    auth: values.login === undefined ? undefined : { login: values.login, password: server.token },
  })
}

/** `archive key`: the armored key; `--json` `{url, fingerprints, armored}`. */
export const key: HandlerOf<typeof archiveCommands.key> = async (context, values) => {
  const { workspace, signal } = await context.inWorkspace(values.workspace)
  const repository = await repositoryOf(context, values)
  const found = await repository.signingKey(workspace, {
    signal,
    deadlineMs: values.deadline === undefined ? undefined : values.deadline * 1000,
  })
  await context.print({
    json: { url: found.url, fingerprints: found.fingerprints, armored: found.armored },
    human: () => found.armored,
  })
}

/** `archive sources`: deb822 (default), `--one-line`, or `--auth-conf`; `--json` all of them. */
export const sources: HandlerOf<typeof archiveCommands.sources> = async (context, values) => {
  const { workspace, signal } = await context.inWorkspace(values.workspace)
  const repository = await repositoryOf(context, values)
  const apt = await repository.sources(workspace, {
    suites: values.suite,
    components: values.component,
    architectures: values.architecture,
    keyFile: values.keyFile,
    signal,
  })
  if (values.authConf && apt.authConf === undefined)
    context.warn('no auth.conf.d stanza without --login (a public workspace needs none)')
  if (apt.warning !== undefined && (values.authConf || context.format === 'json')) context.warn(apt.warning)
  const text = values.authConf ? (apt.authConf ?? '') : values.oneLine ? apt.oneLine : apt.deb822
  await context.print({ json: { url: repository.url(workspace), ...apt }, human: () => text })
}

/** `archive wait`: 0 once the index lists the version, 13 at `--timeout`. */
export const wait: HandlerOf<typeof archiveCommands.wait> = async (context, values) => {
  const { workspace, signal } = await context.inWorkspace(values.workspace)
  const repository = await repositoryOf(context, values)
  try {
    const seen = await repository.waitVisible(workspace, values.suite, {
      source: values.source,
      version: values.version,
      architectures: values.architecture,
      deadlineMs: (values.timeout ?? 600) * 1000,
      signal,
    })
    if (seen.verification === 'gpgv-missing')
      context.warn('gpgv is not installed: the signature of InRelease was not checked')
    const line = `${values.source} ${values.version} is listed in ${values.suite} for ${seen.architectures.join(', ')} (after ${(seen.elapsedMs / 1000).toFixed(1)} s; InRelease ${seen.verification})\n`
    await context.print({ json: { visible: true, ...seen }, human: () => line })
    return exitCodes.success
  } catch (error) {
    if (!VisibilityTimeoutError.isInstance(error)) throw error
    context.warn(error.message)
    if (context.format === 'json') await context.print({ json: { visible: false, missing: error.missing } })
    return exitCodes.timeout
  }
}

/** `archive package published`: 0 when the index lists the version, 1 when not. */
export const packagePublished: HandlerOf<typeof archiveCommands.packagePublished> = async (
  context,
  values,
) => {
  const { workspace, signal } = await context.inWorkspace(values.workspace)
  const repository = await repositoryOf(context, values)
  const wanted = { source: values.source, version: values.version, architectures: values.architecture }
  const published = await repository.isPublished(workspace, values.suite, wanted, signal)
  const line = `${values.source} ${values.version} is ${published ? '' : 'not '}listed in ${values.suite}\n`
  await context.print({ json: { published }, human: () => line })
  // 1 for "no", as grep's no match: a script's `if` reads it; errors stay 3.
  return published ? exitCodes.success : 1
}

/** `archive suite ensure`: `{change, suite, added}` (the suite's web URL). */
export const suiteEnsure: HandlerOf<typeof archiveCommands.suiteEnsure> = async (context, values) => {
  const client = await context.client()
  const ensured = await client.archive.ensureSuite(
    { name: values.suite, architectures: values.architecture, components: values.component },
    await context.inWorkspace(values.workspace),
  )
  const summary = {
    change: ensured.change,
    suite: client.webuiUrl(linkHref(ensured.suite.links.webui_self ?? '/')),
    added: ensured.added,
  }
  await context.print({ json: { ...summary, collection: ensured.suite }, yaml: summary })
}
