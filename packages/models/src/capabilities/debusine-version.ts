/**
 * Compare two Debusine versions as Debian compares upstream versions of this form: numeric
 * dot-separated parts first (`0.11.3` < `0.12.0` < `0.16.2`), then whatever follows (a Debian
 * revision such as `+deb13u1` sorts after the plain version). Negative, zero or positive.
 *
 * @example
 * compareDebusineVersions('0.11.3+deb13u1', '0.12.0') < 0 // true
 */
export function compareDebusineVersions(left: string, right: string): number {
  const [leftNumbers, leftRest] = splitVersion(left)
  const [rightNumbers, rightRest] = splitVersion(right)
  for (let index = 0; index < Math.max(leftNumbers.length, rightNumbers.length); index++) {
    const difference = (leftNumbers[index] ?? 0) - (rightNumbers[index] ?? 0)
    if (difference !== 0) return difference
  }
  if (leftRest === rightRest) return 0
  return leftRest < rightRest ? -1 : 1
}

/** The numeric parts of a version and the rest (`0.11.3+deb13u1` → `[0, 11, 3]`, `+deb13u1`). */
function splitVersion(version: string): [number[], string] {
  const match = /^(\d+(?:\.\d+)*)(.*)$/.exec(version.trim())
  if (match === null) return [[], version]
  return [match[1]!.split('.').map(Number), match[2]!]
}

/**
 * The Debusine version in a page of the server's web UI: the footer's project links end
 * with `Contributing</a> • <version>` (0.11.3 and 0.16.2 alike); `undefined` when the page
 * does not tell it.
 */
export function debusineVersionInPage(html: string): string | undefined {
  return /Contributing<\/a>\s*•\s*(\d+\.\d+[0-9A-Za-z.+~-]*)/.exec(html)?.[1]
}
