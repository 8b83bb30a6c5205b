/**
 * The comparison of two JSON bodies by shape: the same keys with values of the same JSON
 * types, recursively. A null on either side matches anything (a field the real server
 * fills, such as `worker`, is null in the fake); free-form objects (task data, artifact
 * data) are compared as objects only; arrays compare their first elements.
 */
const FREE_FORM_KEYS = new Set(['task_data', 'dynamic_task_data', 'workflow_data', 'data', 'event_reactions'])

function kind(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  return typeof value
}

/** The differences of shape between `real` and `fake`, as `path: real kind ≠ fake kind` lines. */
export function shapeDifferences(real: unknown, fake: unknown, path = '$'): string[] {
  const realKind = kind(real)
  const fakeKind = kind(fake)
  if (realKind === 'null' || fakeKind === 'null') return []
  if (realKind !== fakeKind) return [`${path}: real ${realKind} ≠ fake ${fakeKind}`]
  if (realKind === 'array') {
    const [realFirst, fakeFirst] = [(real as unknown[])[0], (fake as unknown[])[0]]
    if (realFirst === undefined || fakeFirst === undefined) return []
    return shapeDifferences(realFirst, fakeFirst, `${path}[0]`)
  }
  if (realKind !== 'object' || FREE_FORM_KEYS.has(path.split('.').at(-1) ?? '')) return []
  const realObject = real as Record<string, unknown>
  const fakeObject = fake as Record<string, unknown>
  const keys = new Set([...Object.keys(realObject), ...Object.keys(fakeObject)])
  return [...keys].flatMap((key) => {
    if (!(key in realObject)) return [`${path}.${key}: only in the fake`]
    if (!(key in fakeObject)) return [`${path}.${key}: only in the real server`]
    return shapeDifferences(realObject[key], fakeObject[key], `${path}.${key}`)
  })
}
