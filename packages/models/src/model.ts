import type { z } from 'zod'
import { parseModel } from './parse.js'

/** A validated model value: frozen, so it cannot drift from its rules after creation. */
export type Frozen<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends readonly (infer Item)[]
    ? readonly Frozen<Item>[]
    : T extends object
      ? { readonly [Key in keyof T]: Frozen<T[Key]> }
      : T

/**
 * A named schema with the operations that keep its values valid for their whole life.
 *
 * The Python client re-validates a model on every assignment (`validate_assignment`). Here
 * values are immutable instead: {@link Model.create} validates and deep-freezes, and
 * {@link Model.update} returns a new validated value, so an invalid value never exists.
 */
export interface Model<Schema extends z.ZodType> {
  /** The model's name, used in error messages. */
  readonly name: string
  /** The zod schema, for composing or for `safeParse`. */
  readonly schema: Schema
  /**
   * Validate `input` and return a frozen value.
   * @throws {ValidationError} naming every field and rule that failed
   */
  create(input: z.input<Schema>): Frozen<z.output<Schema>>
  /**
   * Return a new frozen value with `changes` applied, validated as a whole.
   * @throws {ValidationError} naming every field and rule that failed; `value` is unchanged
   */
  update(value: Frozen<z.output<Schema>>, changes: Partial<z.input<Schema>>): Frozen<z.output<Schema>>
}

/** Freeze a value and everything it holds. */
export function deepFreeze<T>(value: T): Frozen<T> {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key])
  }
  return value as Frozen<T>
}

/**
 * Define a model from a schema.
 * @example
 * export const MetricRequest = defineModel('MetricRequest', MetricRequestSchema)
 * const metric = MetricRequest.create({ metric_type: 'counter', name: 'x', labels: {}, value: 1 })
 * MetricRequest.update(metric, { value: 2 })
 */
export function defineModel<Schema extends z.ZodType>(name: string, schema: Schema): Model<Schema> {
  return {
    name,
    schema,
    // Cloned so that freezing never reaches into the caller's own objects.
    create: (input) => deepFreeze(structuredClone(parseModel(name, schema, input))),
    update: (value, changes) =>
      deepFreeze(structuredClone(parseModel(name, schema, { ...(value as object), ...changes }))),
  }
}
