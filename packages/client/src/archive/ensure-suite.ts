import { CollectionCategory, ValidationError, type Collection } from '@debusine-ts/models'
import { NotFoundError, type RequestOptions } from '@debusine-ts/transport'
import type { Collections } from '../collections/collections.js'

/** What {@link Archive.ensureSuite} makes sure a suite has. */
export interface SuiteEnsureInput {
  /** The suite's name. */
  name: string
  /** Architectures it must have (at least one). */
  architectures: readonly string[]
  /** Components it must have; default `['main']`. */
  components?: readonly string[] | undefined
}

/** What {@link Archive.ensureSuite} did: `unchanged` when the suite already had everything. */
export interface SuiteEnsureResult {
  change: 'created' | 'updated' | 'unchanged'
  /** The suite as it is now. */
  suite: Collection
  /** What was added (everything, when it was created). */
  added: { components: string[]; architectures: string[] }
}

function words(data: unknown, field: string): string[] {
  const value = (data as Record<string, unknown> | null | undefined)?.[field]
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/**
 * Create the suite, or add the components and architectures it lacks (kept in their order,
 * the new ones after); a second call with the same input changes nothing.
 */
export async function ensureSuite(
  collections: Collections,
  workspace: string,
  input: SuiteEnsureInput,
  options: RequestOptions = {},
): Promise<SuiteEnsureResult> {
  if (input.architectures.length === 0) {
    throw new ValidationError('SuiteEnsureInput', [
      { path: 'architectures', rule: 'too_small', message: 'a suite needs at least one architecture' },
    ])
  }
  const components = input.components?.length ? [...input.components] : ['main']
  const architectures = [...input.architectures]
  let current: Collection
  try {
    current = await collections.get(
      { category: CollectionCategory.SUITE, name: input.name },
      { ...options, workspace },
    )
  } catch (error) {
    if (!NotFoundError.isInstance(error)) throw error
    const suite = await collections.create(
      {
        name: input.name,
        category: CollectionCategory.SUITE,
        data: { components, architectures },
        full_history_retention_period: null,
        metadata_only_retention_period: null,
      },
      { ...options, workspace },
    )
    return { change: 'created', suite, added: { components, architectures } }
  }
  const has = {
    components: words(current.data, 'components'),
    architectures: words(current.data, 'architectures'),
  }
  const added = {
    components: components.filter((name) => !has.components.includes(name)),
    architectures: architectures.filter((name) => !has.architectures.includes(name)),
  }
  if (added.components.length === 0 && added.architectures.length === 0)
    return { change: 'unchanged', suite: current, added }
  const suite = await collections.update(
    {
      ...current,
      data: {
        ...(current.data as Record<string, never>),
        components: [...has.components, ...added.components],
        architectures: [...has.architectures, ...added.architectures],
      },
    },
    { ...options, workspace },
  )
  return { change: 'updated', suite, added }
}
