import { describe, expect, it } from 'vitest'
import { importedPage, webPage } from './render.js'

const client = { webuiUrl: (path: string): string => `https://debusine.example.org${path}` }

describe('the web pages the commands print', () => {
  it('webPage: the page of an object made absolute, the front page without one (0.11.3)', () => {
    expect(webPage(client, '/debusine/System/artifact/7/')).toBe(
      'https://debusine.example.org/debusine/System/artifact/7/',
    )
    expect(webPage(client, '')).toBe('https://debusine.example.org/')
    expect(webPage(client, undefined)).toBe('https://debusine.example.org/')
  })

  it("importedPage: the server's path as the Python client prints it, the front page without one", () => {
    expect(importedPage(client, '/debusine/System/artifact/7/')).toBe('/debusine/System/artifact/7/')
    expect(importedPage(client, '')).toBe('https://debusine.example.org/')
  })
})
