// Generated from package.json by tooling/scripts/write-version.mjs at build time: do not edit.

/** The version of @debusine-ts/transport, sent in the `User-Agent` header as `debusine-ts/<version>`. */
export const VERSION = '0.1.0'
