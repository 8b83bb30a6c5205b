/**
 * @packageDocumentation
 * Local Debusine artifacts: builders, category rules, .dsc/.changes parsing, file hashing.
 */
export {}
