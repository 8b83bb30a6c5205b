import { SINGLETON_COLLECTION_CATEGORIES, ValidationError } from '@debusine-ts/models'

/**
 * Check the server's naming rule for singleton collections: a workspace holds at most one
 * collection of a singleton category (`debian:archive`, `debian:package-build-logs`,
 * `debusine:task-history`), always named `_`, and other collections never use `_`.
 *
 * @NOTE The server refuses a creation breaking this rule with a bare `400 Cannot create
 * collection` (no detail, a database constraint), so the client says why before sending.
 * @throws {ValidationError} naming `name` and the rule
 */
export function checkSingletonCollectionName(model: string, category: string, name: string): void {
  const singleton = (SINGLETON_COLLECTION_CATEGORIES as readonly string[]).includes(category)
  if (singleton && name !== '_') {
    throw new ValidationError(model, [
      {
        path: 'name',
        rule: 'singleton_name',
        message: `"${category}" is a singleton category: its collection must be named "_", not ${JSON.stringify(name)}`,
      },
    ])
  }
  if (!singleton && name.startsWith('_')) {
    throw new ValidationError(model, [
      {
        path: 'name',
        rule: 'singleton_name',
        message: `only singleton categories (${SINGLETON_COLLECTION_CATEGORIES.join(', ')}) use the name "_"; "${category}" needs another name`,
      },
    ])
  }
}
