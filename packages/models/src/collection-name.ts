import { ValidationError } from './errors/validation-error.js'

/** A collection named by its name and category, as `NAME@CATEGORY` writes it. */
export interface CollectionName {
  /** The collection's name, e.g. `sid` (`_` for singleton collections). */
  readonly name: string
  /** The collection's category, e.g. `debian:suite`. */
  readonly category: string
}

/** Options of {@link parseCollectionName}. */
export interface ParseCollectionNameOptions {
  /** The categories accepted; any non-empty category when unset. */
  categories?: readonly string[] | undefined
  /** What the text is, named in errors (an option, a parameter); default `collection`. */
  field?: string | undefined
}

/**
 * Write a collection as the server and the Python client name it: `NAME@CATEGORY`.
 *
 * @example
 * formatCollectionName({ name: 'sid', category: 'debian:suite' }) // 'sid@debian:suite'
 */
export function formatCollectionName(collection: CollectionName): string {
  return `${collection.name}@${collection.category}`
}

/**
 * Read `NAME@CATEGORY` into a name and a category, split at the first `@` as the Python
 * client does.
 *
 * @example
 * parseCollectionName('sid@debian:suite') // { name: 'sid', category: 'debian:suite' }
 * parseCollectionName('qa@debian:qa-results', { categories: [CollectionCategory.SUITE] }) // throws
 * @throws {ValidationError} when there is no `@`, the name or category is empty, or the
 *   category is not one of `categories`
 */
export function parseCollectionName(text: string, options: ParseCollectionNameOptions = {}): CollectionName {
  const at = text.indexOf('@')
  const name = at === -1 ? '' : text.slice(0, at)
  const category = at === -1 ? '' : text.slice(at + 1)
  const { categories } = options
  let problem: string | undefined
  if (at === -1) problem = 'it has no "@"'
  else if (name === '') problem = 'the name before "@" is empty'
  else if (category === '') problem = 'the category after "@" is empty'
  else if (categories !== undefined && !categories.includes(category)) {
    problem = `"${category}" is not one of ${categories.join(', ')}`
  }
  if (problem !== undefined) {
    throw new ValidationError('CollectionName', [
      {
        path: options.field ?? 'collection',
        rule: 'collection_name',
        message: `expected NAME@CATEGORY, got ${JSON.stringify(text)}: ${problem}`,
      },
    ])
  }
  return { name, category }
}
