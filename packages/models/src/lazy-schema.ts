import type { z } from 'zod'

/**
 * A schema built on its first use, standing for it everywhere (parse, compose, `instanceof`).
 * Building every zod schema of the models at import cost each program tens of milliseconds
 * and MiBs for schemas its command never reads; a program now builds the few it uses.
 * A proxy, since composing schemas stores them: a wrapper type would change every schema's
 * public type. Pieces that several schemas share (a field, a shape) are functions that each
 * schema's builder calls, for the same reason.
 *
 * @example
 * export const TagsSchema = lazySchema(() => z.array(z.string().min(1)))
 */
export function lazySchema<Schema extends z.ZodType>(build: () => Schema): Schema {
  let schema: Schema | undefined
  const built = (): Schema => (schema ??= build())
  return new Proxy(Object.create(null) as Schema, {
    get: (_target, key) => Reflect.get(built(), key),
    set: (_target, key, value) => Reflect.set(built(), key, value),
    has: (_target, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getPrototypeOf: () => Reflect.getPrototypeOf(built()),
    // Reported configurable: the proxy's own (empty) target holds none of these properties.
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(built(), key)
      return descriptor === undefined ? undefined : { ...descriptor, configurable: true }
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(built(), key),
  })
}
