import {
  InheritanceChainElementModel,
  inheritanceChainElementMatches,
  parseInheritanceChainElement,
  type Frozen,
  type InheritanceChainElement,
} from '@debusine-ts/models'

/**
 * A chain element as a user may give it: a text (`ID`, `WORKSPACE` or `SCOPE/WORKSPACE`),
 * or an object with at least one of `id` and `workspace` (a chain element received from
 * the server will do).
 */
export type InheritanceChainElementInput =
  | string
  | {
      readonly id?: number | null | undefined
      readonly scope?: string | null | undefined
      readonly workspace?: string | null | undefined
    }

/**
 * Turn user input into a validated chain element. Only `id`, `scope` and `workspace` are
 * kept from an object, so elements of a received chain can be sent back as they are.
 *
 * @throws {ValidationError} when the element names no workspace
 * @example
 * toInheritanceChainElement('debian/base') // { id: null, scope: 'debian', workspace: 'base' }
 * toInheritanceChainElement({ id: 12 })    // { id: 12, scope: null, workspace: null }
 */
export function toInheritanceChainElement(
  element: InheritanceChainElementInput,
): Frozen<InheritanceChainElement> {
  if (typeof element === 'string') return parseInheritanceChainElement(element)
  return InheritanceChainElementModel.create({
    id: element.id ?? null,
    scope: element.scope ?? null,
    workspace: element.workspace ?? null,
  })
}

/**
 * Chain arithmetic `chain + additions`: the chain followed by the additions, in order.
 * Pure: nothing is sent; pass the result to {@link Workspaces.setInheritance}.
 *
 * @throws {ValidationError} when an element names no workspace
 * @example
 * const { chain } = await client.workspaces.getInheritance('developers')
 * await client.workspaces.setInheritance('developers', appendToInheritanceChain(chain, ['debian/base']))
 */
export function appendToInheritanceChain(
  chain: Iterable<InheritanceChainElementInput>,
  additions: Iterable<InheritanceChainElementInput>,
): Frozen<InheritanceChainElement>[] {
  return [
    ...Array.from(chain, toInheritanceChainElement),
    ...Array.from(additions, toInheritanceChainElement),
  ]
}

/**
 * Chain arithmetic `chain - removals`: the chain without every element that matches one
 * of the removals (an element matches when each component set on the removal — `id`,
 * `scope`, `workspace` — is equal). Pure: nothing is sent.
 *
 * @throws {ValidationError} when an element names no workspace
 * @example
 * removeFromInheritanceChain(chain, ['base']) // drops every workspace named "base", whatever its scope
 */
export function removeFromInheritanceChain(
  chain: Iterable<InheritanceChainElementInput>,
  removals: Iterable<InheritanceChainElementInput>,
): Frozen<InheritanceChainElement>[] {
  const patterns = Array.from(removals, toInheritanceChainElement)
  return Array.from(chain, toInheritanceChainElement).filter(
    (element) => !patterns.some((pattern) => inheritanceChainElementMatches(pattern, element)),
  )
}
