import { isAbsolute } from 'node:path'

/** Why a tarball entry's name is unsafe, or undefined when it is a plain relative path. */
export function unsafeEntryName(name: string): string | undefined {
  if (name === '') return 'it has an empty name'
  if (name.startsWith('/') || isAbsolute(name)) return 'its path is absolute'
  const segments = name.split('/')
  if (segments.includes('..')) return 'its path contains ".."'
  if (name.includes('\0')) return 'its path contains a NUL byte'
  return undefined
}
