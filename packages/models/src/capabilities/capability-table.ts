import { operationSupport, type OperationSupport } from './operation-support.js'
import { SERVER_OPERATIONS, TESTED_SERVER_VERSIONS } from './server-operations.js'

/** The markers around the generated table in the repository's README. */
export const TABLE_START =
  '<!-- capability-table: generated from packages/models/src/capabilities/server-operations.ts -->'
/** The end marker. */
export const TABLE_END = '<!-- capability-table: end -->'

const cell: Record<OperationSupport, (since: string | undefined) => string> = {
  works: () => 'works',
  'older-shape': () => 'other shape, handled',
  'too-old': (since) => `\`ServerTooOldError\` (needs ${since ?? '?'})`,
}

/**
 * The README's table, server version × operation, rendered from the capability table the
 * client uses (so the README cannot drift from what the client does).
 */
export function capabilityTable(): string {
  const header = [
    'Operation',
    'What it does',
    ...TESTED_SERVER_VERSIONS.map((version) => `Debusine ${version}`),
    'From',
  ]
  const rows = SERVER_OPERATIONS.map((entry) => [
    `\`${entry.operation}\``,
    entry.summary,
    ...TESTED_SERVER_VERSIONS.map((version) => cell[operationSupport(entry.operation, version)](entry.since)),
    entry.since ?? `every version (this shape from ${entry.shapeSince ?? '?'})`,
  ])
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n')
}
