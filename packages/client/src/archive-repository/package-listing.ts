import type { Paragraph } from './release-index.js'

/** The source package and version a `Packages` or `Sources` paragraph belongs to. */
function sourceOf(paragraph: Paragraph): { name: string; version: string } {
  const version = paragraph.get('Version') ?? ''
  const source = paragraph.get('Source')
  if (source === undefined) return { name: paragraph.get('Package') ?? '', version }
  const match = /^(\S+)(?:\s+\((.+)\))?$/.exec(source.trim())
  return { name: match?.[1] ?? source, version: match?.[2] ?? version }
}

/**
 * Whether an index paragraph is of package `name` at `version`: its source package (the
 * `Source` field, with its version when it gives one), or the binary package of that name.
 */
export function listsPackage(paragraph: Paragraph, name: string, version: string): boolean {
  const source = sourceOf(paragraph)
  if (source.name === name && source.version === version) return true
  return paragraph.get('Package') === name && paragraph.get('Version') === version
}
