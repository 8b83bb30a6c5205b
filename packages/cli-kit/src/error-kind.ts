/**
 * Recognise the suite's errors by the `Symbol.for` markers `SdkError` sets (the same test
 * as `X.isInstance`), so a program's error printer does not load the packages to print an
 * error.
 */
export function isSdkError(value: unknown, errorName: string): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as Record<symbol, unknown>)[Symbol.for(`debusine-ts.error.${errorName}`)] === true
  )
}
