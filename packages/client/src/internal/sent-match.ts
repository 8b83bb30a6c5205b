import type { Transport } from '@debusine-ts/transport'

/** A JSON object (not an array, not null). */
function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Whether each element of `sent` holds in a distinct element of `found`, whatever their order:
 * a greedy pairing, which may miss a pairing that exists (then the create is not recognised,
 * which is safe) but never pairs two sent elements with one found element.
 */
function holdsUnordered(found: readonly unknown[], sent: readonly unknown[]): boolean {
  const free = found.map(() => true)
  return sent.every((item) => {
    const index = found.findIndex((candidate, at) => free[at] === true && holdsSent(candidate, item))
    if (index < 0) return false
    free[index] = false
    return true
  })
}

/**
 * Whether what the server holds (`found`) is what the client sent (`sent`), as far as the
 * client can tell after the server added to it: every key sent is there with the value sent
 * (recursively), keys the server adds are allowed (a 0.16.2 server adds `task_configuration`
 * to the task data of a work request made in a workspace with a task configuration
 * collection; validation fills in defaults), and lists hold the same elements, in any order
 * (a server may sort or deduplicate a list whose order means nothing). Scalars compare
 * exactly: `1` is not `"1"`, `null` is not a missing key.
 *
 * @example
 * holdsSent({ result: 'success', task_configuration: 54 }, { result: 'success' }) // true
 * holdsSent({ result: 'failure' }, { result: 'success' }) // false
 */
export function holdsSent(found: unknown, sent: unknown): boolean {
  if (Array.isArray(sent)) {
    if (!Array.isArray(found) || found.length !== sent.length) return false
    // In order first: the common case, and the only one a list of scalars needs.
    return sent.every((item, index) => holdsSent(found[index], item)) || holdsUnordered(found, sent)
  }
  if (isPlainObject(sent)) {
    if (!isPlainObject(found)) return false
    return Object.entries(sent).every(
      ([key, value]) => Object.hasOwn(found, key) && holdsSent(found[key], value),
    )
  }
  return found === sent
}

/**
 * The user id the client's token stands for, as far as the server told it: learned from the
 * `created_by` of what the client created (the API has no endpoint that gives it).
 */
export class OwnUser {
  #id: number | undefined

  /** The user id, once an answer told it. */
  get id(): number | undefined {
    return this.#id
  }

  /** Learn the user id from what a create of ours answered (`created_by`). */
  learn(createdBy: number | null | undefined): void {
    if (typeof createdBy === 'number') this.#id = createdBy
  }
}

const ownUsers = new WeakMap<Transport, OwnUser>()

/** The {@link OwnUser} of a client, shared by its namespaces (one per transport). */
export function ownUserOf(transport: Transport): OwnUser {
  let user = ownUsers.get(transport)
  if (user === undefined) {
    user = new OwnUser()
    ownUsers.set(transport, user)
  }
  return user
}
