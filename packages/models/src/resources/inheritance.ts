import * as z from 'zod'
import { ValidationError } from '../errors/validation-error.js'
import { defineModel, type Frozen } from '../model.js'
import { LinksSchema } from './links.js'
import { lazySchema } from '../lazy-schema.js'

/** The most elements the server accepts in one inheritance chain. */
export const MAX_INHERITANCE_CHAIN_LENGTH = 100

const elementShape = () => ({
  id: z.int().nullable().default(null),
  scope: z.string().min(1).nullable().default(null),
  workspace: z.string().min(1).nullable().default(null),
})

function requireIdOrWorkspace(
  value: { id: number | null; workspace: string | null },
  context: z.RefinementCtx,
) {
  if (value.id === null && value.workspace === null) {
    context.addIssue({ code: 'custom', path: ['id'], message: 'at least one of id or workspace must be set' })
  }
}

/**
 * A workspace in an inheritance chain: by `id`, or by `workspace` name (in `scope`, the
 * current scope when null). At least one of `id` and `workspace` must be set; when both
 * are, the server checks that they agree. Unknown fields are rejected.
 *
 * @example
 * InheritanceChainElementModel.create({ scope: 'debian', workspace: 'base' })
 */
export const InheritanceChainElementSchema = lazySchema(() =>
  z.strictObject(elementShape()).superRefine(requireIdOrWorkspace),
)
/** A workspace in an inheritance chain. */
export type InheritanceChainElement = z.infer<typeof InheritanceChainElementSchema>
/** Build and update validated {@link InheritanceChainElement} values. */
export const InheritanceChainElementModel = defineModel(
  'InheritanceChainElement',
  InheritanceChainElementSchema,
)

/**
 * The inheritance chain of a workspace as the server describes it, in lookup order. The
 * server always sends `id`, `scope` and `workspace` of each element.
 */
export const InheritanceChainSchema = lazySchema(() =>
  z.looseObject({
    links: LinksSchema,
    chain: z.array(z.looseObject(elementShape()).superRefine(requireIdOrWorkspace)).default([]),
  }),
)
/** An inheritance chain, as received. */
export type InheritanceChain = z.infer<typeof InheritanceChainSchema>

/**
 * The body of `POST /workspace/{workspace}/inheritance/`: the new chain, which replaces
 * the old one. Unknown fields are rejected.
 */
export const InheritanceChainRequestSchema = lazySchema(() =>
  z.strictObject({
    chain: z.array(InheritanceChainElementSchema).max(MAX_INHERITANCE_CHAIN_LENGTH),
  }),
)
/** The body that replaces an inheritance chain. */
export type InheritanceChainRequest = z.infer<typeof InheritanceChainRequestSchema>

/**
 * Parse a user's text into a chain element:
 *
 * | Text | Element |
 * |---|---|
 * | `123` (digits only) | `{ id: 123 }` |
 * | `scope/workspace` (split at the first `/`) | `{ scope, workspace }` |
 * | `workspace` (anything else) | `{ workspace }` |
 *
 * Surrounding white space is ignored; an empty text, scope or workspace is rejected.
 *
 * @throws {ValidationError} when the text does not name a workspace
 * @example
 * parseInheritanceChainElement('debian/base') // { id: null, scope: 'debian', workspace: 'base' }
 */
export function parseInheritanceChainElement(text: string): Frozen<InheritanceChainElement> {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return InheritanceChainElementModel.create({ id: Number(trimmed) })
  const slash = trimmed.indexOf('/')
  if (slash === -1) {
    if (trimmed === '') {
      throw new ValidationError('InheritanceChainElement', [
        {
          path: '',
          rule: 'custom',
          message: 'an empty text names no workspace; expected ID, WORKSPACE or SCOPE/WORKSPACE',
        },
      ])
    }
    return InheritanceChainElementModel.create({ workspace: trimmed })
  }
  return InheritanceChainElementModel.create({
    scope: trimmed.slice(0, slash),
    workspace: trimmed.slice(slash + 1),
  })
}

/**
 * Parse each of a user's texts into a chain element, in order; see
 * {@link parseInheritanceChainElement} for the syntax.
 *
 * @throws {ValidationError} naming the first text that does not name a workspace
 * @example
 * inheritanceChainFromStrings(['12', 'debian/base', 'extra'])
 */
export function inheritanceChainFromStrings(texts: Iterable<string>): Frozen<InheritanceChainElement>[] {
  return Array.from(texts, parseInheritanceChainElement)
}

/**
 * Whether `element` matches `pattern`: every component set (non-null) on `pattern` equals
 * the same component of `element`. Used to remove elements from a chain.
 *
 * @example
 * inheritanceChainElementMatches({ id: null, scope: null, workspace: 'base' }, { id: 3, scope: 'debian', workspace: 'base' }) // true
 */
export function inheritanceChainElementMatches(
  pattern: InheritanceChainElement,
  element: InheritanceChainElement,
): boolean {
  return (
    (pattern.id === null || pattern.id === element.id) &&
    (pattern.scope === null || pattern.scope === element.scope) &&
    (pattern.workspace === null || pattern.workspace === element.workspace)
  )
}
