import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Artifact } from '@debusine-ts/models'
import { CliError } from '../cli-error.js'
import type { CommandContext } from '../command-context.js'

type Fields = Record<string, unknown>

function field(fields: Fields, name: string): unknown {
  const key = Object.keys(fields).find((candidate) => candidate.toLowerCase() === name)
  return key === undefined ? undefined : fields[key]
}

function listedNames(fields: Fields): string[] {
  const files = field(fields, 'files')
  return Array.isArray(files) ? files.map((entry) => String((entry as { name?: unknown }).name)) : []
}

/**
 * `artifact import-debian`: a local `.dsc` (source package), `.deb`/`.udeb`/`.ddeb`
 * (binary package) or `.changes` (upload, plus its source package and binary packages,
 * with `extends` and `relates-to` relations from the upload to each). Remote URLs are not
 * supported yet.
 */
export async function importDebian(context: CommandContext): Promise<undefined> {
  const artifacts = await import('@debusine-ts/artifacts')
  const argument = context.arguments.UPLOAD as string
  if (/^https?:\/\//.test(argument)) {
    throw new CliError('Importing from an http(s) URL is not supported by debusine-ts yet.', {
      hint: 'Download the files (e.g. with dget) and import the local path.',
    })
  }
  const path = argument.startsWith('file://') ? fileURLToPath(argument) : resolve(context.io.cwd, argument)
  const directory = dirname(path)
  let main: InstanceType<typeof artifacts.LocalArtifact>
  const extra: InstanceType<typeof artifacts.LocalArtifact>[] = []
  try {
    if (path.endsWith('.dsc')) {
      const fields = (await artifacts.readDsc(path)) as Fields
      main = await artifacts.SourcePackageArtifact.create({
        name: String(field(fields, 'source')),
        version: String(field(fields, 'version')),
        files: [path, ...listedNames(fields).map((name) => join(directory, name))],
      })
    } else if (/\.(u|d)?deb$/.test(path)) {
      main = await artifacts.BinaryPackageArtifact.create({ file: path })
    } else if (path.endsWith('.changes')) {
      const fields = (await artifacts.readChanges(path)) as Fields
      main = await artifacts.UploadArtifact.create({ changesFile: path })
      const names = listedNames(fields)
      const dsc = names.find((name) => name.endsWith('.dsc'))
      const architectureField = field(fields, 'architecture')
      const architecture = (typeof architectureField === 'string' ? architectureField : '').split(/\s+/)
      if (dsc !== undefined && architecture.includes('source')) {
        const dscFields = (await artifacts.readDsc(join(directory, dsc))) as Fields
        extra.push(
          await artifacts.SourcePackageArtifact.create({
            name: String(field(dscFields, 'source')),
            version: String(field(dscFields, 'version')),
            files: [join(directory, dsc), ...listedNames(dscFields).map((name) => join(directory, name))],
          }),
        )
      }
      for (const name of names.filter((candidate) => /\.u?deb$/.test(candidate))) {
        extra.push(await artifacts.BinaryPackageArtifact.create({ file: join(directory, name) }))
      }
    } else {
      throw new CliError(`${argument}: expected a .changes, .dsc, .deb, .ddeb or .udeb file.`)
    }
  } catch (error) {
    if (error instanceof CliError) throw error
    throw new CliError(`Cannot create artifact: ${(error as Error).message}`, { cause: error })
  }
  const client = await context.client()
  const workspace = await context.workspace()
  const expireAt = context.string('expire-at')
  const upload = (local: InstanceType<typeof artifacts.LocalArtifact>): Promise<Artifact> =>
    client.artifacts.upload(local, { workspace, expireAt, signal: context.signal })
  const created = await upload(main)
  const related: Artifact[] = []
  for (const local of extra) {
    const artifact = await upload(local)
    related.push(artifact)
    await client.relations.create(created.id, artifact.id, 'extends', { signal: context.signal })
    await client.relations.create(created.id, artifact.id, 'relates-to', { signal: context.signal })
  }
  const summary = {
    result: 'success',
    message: `New artifact created: ${created.url}`,
    artifact_id: created.id,
    extends: related.map((artifact) => ({ artifact_id: artifact.id })),
    relates_to: related.map((artifact) => ({ artifact_id: artifact.id })),
  }
  context.print({ json: summary })
  return undefined
}
