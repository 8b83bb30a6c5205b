import { resolve } from 'node:path'
import type { HandlerOf } from '@debusine-ts/cli-kit'
import type { artifactCommands } from './artifact.commands.js'
import { trackImport } from './interrupt-status.js'
import { importedPage } from './render.js'

/**
 * `artifact import-debian`: a `.dsc`, `.deb`/`.udeb`/`.ddeb` or `.changes`, from a path or
 * a `file://` or http(s) URL, imported with its relations (`client.debian.import`).
 */
export const importDebian: HandlerOf<typeof artifactCommands.importDebian> = async (context, values) => {
  const client = await context.client()
  const { UploadJournal } = await import('@debusine-ts/client')
  const journal = new UploadJournal({ directory: UploadJournal.defaultDirectory(context.io.env) })
  const source = /^[a-z][a-z0-9+.-]*:\/\//i.test(values.upload)
    ? values.upload
    : resolve(context.io.cwd, values.upload)
  trackImport(context, !values.noResume)
  const { artifact, related } = await client.debian.import(source, {
    workspace: await context.workspace(values.workspace),
    expireAt: values.expireAt,
    signal: context.signal,
    resume: values.noResume ? false : journal,
    onNotice: (notice) => context.io.stderr.write(`${notice.message}\n`),
  })
  const summary: Record<string, unknown> = {
    result: 'success',
    message: `New artifact created: ${importedPage(client, artifact.url)}`,
    artifact_id: artifact.id,
  }
  // As the Python client: the relation lists only when there are related artifacts.
  if (related.length > 0) {
    summary.extends = related.map((each) => ({ artifact_id: each.id }))
    summary.relates_to = related.map((each) => ({ artifact_id: each.id }))
  }
  await context.print({ json: summary })
}
