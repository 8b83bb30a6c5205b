import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { JsonObjectSchema, lazySchema, LinksSchema } from '@debusine-ts/models'
import * as z from 'zod'
import { writeFileAtomically } from '../../atomic-write.js'
import { InvalidRepositoryError } from './invalid-repository-error.js'
import { firstLine, parseYaml, stringifyYaml } from './yaml-format.js'
import { describeIssues } from './zod-issues.js'

/** The name of the manifest file at the root of a repository. */
export const MANIFEST_FILE = 'MANIFEST'

/**
 * The `MANIFEST` of a task configuration repository: which collection of which
 * workspace the directory holds, and the collection's data as last fetched. Unknown
 * top-level keys are rejected.
 */
export const TaskConfigurationManifestSchema = lazySchema(() =>
  z.strictObject({
    workspace: z.string().min(1),
    collection: z.looseObject({
      id: z.int(),
      name: z.string().min(1),
      data: JsonObjectSchema.default({}),
      links: LinksSchema,
    }),
  }),
)
/** The `MANIFEST` of a task configuration repository. */
export type TaskConfigurationManifest = z.infer<typeof TaskConfigurationManifestSchema>

/**
 * Read the repository's `MANIFEST`; null when there is none.
 * @throws {InvalidRepositoryError} when it is not YAML or not a valid manifest
 */
export async function readManifest(directory: string): Promise<TaskConfigurationManifest | null> {
  let text: string
  try {
    text = await readFile(join(directory, MANIFEST_FILE), 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
  let value: unknown
  try {
    value = await parseYaml(text)
  } catch (error) {
    throw new InvalidRepositoryError({
      directory,
      file: MANIFEST_FILE,
      rule: 'yaml_syntax',
      message: `not valid YAML: ${firstLine((error as Error).message)}`,
      cause: error,
    })
  }
  const result = TaskConfigurationManifestSchema.safeParse(value)
  if (!result.success) {
    throw new InvalidRepositoryError({
      directory,
      file: MANIFEST_FILE,
      rule: 'manifest',
      message: `not a valid manifest: ${describeIssues(result.error.issues)}`,
    })
  }
  return result.data
}

/** Render a manifest as the file holds it: YAML with sorted keys. */
export async function renderManifest(manifest: TaskConfigurationManifest): Promise<string> {
  return stringifyYaml({
    workspace: manifest.workspace,
    collection: {
      id: manifest.collection.id,
      name: manifest.collection.name,
      data: manifest.collection.data,
      links: manifest.collection.links,
    },
  })
}

/** Write the manifest atomically, unless the file already holds exactly this text. */
export async function writeManifest(directory: string, manifest: TaskConfigurationManifest): Promise<void> {
  const text = await renderManifest(manifest)
  const file = join(directory, MANIFEST_FILE)
  const current = await readFile(file, 'utf8').catch(() => null)
  if (current !== text) await writeFileAtomically(file, text)
}
