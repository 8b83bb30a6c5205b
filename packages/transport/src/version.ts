// @NOTE Kept by hand (a test compares it with package.json): reading package.json at run
// time would need a JSON import that not every bundler and runtime supports.

/** The version of this package, sent in the `User-Agent` header as `debusine-ts/<version>`. */
export const VERSION = '0.1.0'
