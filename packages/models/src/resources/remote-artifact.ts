import * as z from 'zod'
import type { Artifact } from './artifact.js'
import { LinksSchema } from './links.js'
import { lazySchema } from '../lazy-schema.js'

/** What an upload returns: enough to find the artifact again on the server. */
export const RemoteArtifactSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    id: z.int(),
    url: z.string(),
    workspace: z.string(),
  }),
)
/** An artifact that exists on the server. */
export type RemoteArtifact = z.infer<typeof RemoteArtifactSchema>

/**
 * The remote artifact of an artifact response.
 * @example
 * const remote = toRemoteArtifact(await client.artifacts.create(local, { workspace: 'System' }))
 */
export function toRemoteArtifact(artifact: Artifact): RemoteArtifact {
  return { links: { ...artifact.links }, id: artifact.id, url: artifact.url, workspace: artifact.workspace }
}
