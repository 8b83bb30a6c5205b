/**
 * The commands and options of the Python CLI that no differential case runs yet: the work
 * left for issue 13. Remove an item when a case covers it; never add one.
 */
export const coverageGaps: readonly string[] = [
  // Interactive (menus on a terminal): test/setup.test.ts drives ours under a terminal, not
  // side by side with the Python client's.
  'setup',
  'setup --yaml',
]
