import * as z from 'zod'
import { lazySchema } from '../lazy-schema.js'

/**
 * A link of a server object: a resource path (`href`, server-relative in 0.16.2) and an
 * optional media type or kind (`type`).
 */
export const LinkSchema = lazySchema(() =>
  z.looseObject({
    href: z.string(),
    type: z.string().nullable().default(null),
  }),
)
/** A link of a server object. */
export type Link = z.infer<typeof LinkSchema>

/**
 * The `links` of a server object: link name → link, where a link with only an `href` may
 * be a plain string. Missing `links` parse as `{}` (many 0.16.2 objects send none).
 *
 * @example
 * LinksSchema.parse({ self: '/api/1.0/artifact/7/', download_tar_gz: { href: '/x', type: 'application/tar+gzip' } })
 */
export const LinksSchema = lazySchema(() =>
  z.record(z.string(), z.union([z.string(), LinkSchema])).default({}),
)
/** The `links` map of a server object. */
export type Links = z.infer<typeof LinksSchema>

/**
 * The `href` of a link in either of its forms.
 * @example
 * linkHref(artifact.links.self ?? '') // '/api/1.0/artifact/7/'
 */
export function linkHref(link: string | Link): string {
  return typeof link === 'string' ? link : link.href
}
