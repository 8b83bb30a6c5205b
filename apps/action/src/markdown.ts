/**
 * Server text in the job summary's markdown: shown as the text it is, never as markup (a
 * link, an image, emphasis, a table cell's end) or as HTML.
 */

// HTML's own characters become entities; the markdown ones get a backslash, which CommonMark
// allows before any ASCII punctuation. `.`, `/` and `@` are among them so that no autolink
// (`www.`, `https://`, an e-mail address) forms. `-` and `:` matter only at the start of a
// line, where server text never is.
const entities: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }
const special = /[&<>"\\`*_{}[\]()#+!|~$@/.]/g

/** `text` as literal markdown on one line: its line breaks become spaces, its markup is escaped. */
export function markdownText(text: string): string {
  return text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(special, (character) => entities[character] ?? `\\${character}`)
}

// encodeURIComponent leaves parentheses as they are.
const parenthesisCodes: Readonly<Record<string, string>> = { '(': '%28', ')': '%29' }

/** A URL as a link destination: the characters that would end `(…)` percent-encoded. */
export function markdownUrl(url: string): string {
  return url.replace(
    /[()<>\s\\]/g,
    (character) => parenthesisCodes[character] ?? encodeURIComponent(character),
  )
}
