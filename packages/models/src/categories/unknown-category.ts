import { ValidationError } from '../errors/validation-error.js'

/**
 * Return `schemas[category]`, or throw when `category` is not one of its keys (a caller
 * without types may pass any string).
 */
export function schemaForCategory<Schemas extends object, Category extends keyof Schemas & string>(
  kind: string,
  schemas: Schemas,
  category: Category,
): Schemas[Category] {
  if (!Object.hasOwn(schemas, category)) {
    const expected = Object.keys(schemas).sort().join(', ')
    throw new ValidationError(kind, [
      {
        path: 'category',
        rule: 'invalid_value',
        message: `Invalid category "${String(category)}". Expected one of ${expected}`,
      },
    ])
  }
  return schemas[category]
}
