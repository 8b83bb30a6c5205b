/**
 * The Python CLI before its commands became `noun verb` (0.11.3, Debian trixie) names each
 * command flat and prints YAML without `--yaml`: the tests write the `noun verb` form once and
 * it is translated here for such a client.
 */
import { existsSync } from 'node:fs'

const FLAT_NAMES: Readonly<Record<string, string>> = {
  'work-request list': 'list-work-requests',
  'work-request show': 'show-work-request',
  'work-request create': 'create-work-request',
  'work-request manage': 'manage-work-request',
  'work-request retry': 'retry-work-request',
  'work-request sign': 'provide-signature',
  'work-request on-completed': 'on-work-request-completed',
  'workflow start': 'create-workflow',
  'artifact create': 'create-artifact',
  'artifact import-debian': 'import-debian-artifact',
  'artifact download': 'download-artifact',
  'artifact show': 'show-artifact',
  'artifact show-relations': 'show-artifact-relations',
  'asset create': 'create-asset',
  'asset list': 'list-assets',
}

/** Whether the Python client installed under `serverRoot` has only flat command names. */
export function pythonCliIsFlat(serverRoot: string): boolean {
  return !existsSync(`${serverRoot}/usr/lib/python3/dist-packages/debusine/client/commands`)
}

/** `args` as the Python client under `serverRoot` reads them. */
export function pythonCliArgs(serverRoot: string, args: readonly string[]): readonly string[] {
  if (!pythonCliIsFlat(serverRoot)) return args
  const flat = FLAT_NAMES[`${args[0] ?? ''} ${args[1] ?? ''}`]
  if (flat === undefined) return args
  return [flat, ...args.slice(2).filter((arg) => arg !== '--yaml')]
}
