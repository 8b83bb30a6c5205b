import { describe, expect, it } from 'vitest'
import { parseIni, updateIniSection } from './ini.js'

describe('parseIni', () => {
  it('reads sections, = and :, comments, lower-cased keys and continuation lines', () => {
    const ini = parseIni('# c\n[a]\nKey = v\n; c\nother: w\n  more\nthird: x = y\n')
    expect(ini.get('a')).toEqual(
      new Map([
        ['key', 'v'],
        ['other', 'w\nmore'],
        ['third', 'x = y'],
      ]),
    )
  })

  it('rejects a key outside a section and duplicates, naming the line', () => {
    expect(() => parseIni('a = b\n')).toThrow(/line 1: no section header/)
    expect(() => parseIni('[a]\n[a]\n')).toThrow(/line 2: section \[a\] already exists/)
    expect(() => parseIni('[a]\nk = 1\nk = 2\n')).toThrow(/line 3: key 'k' already set/)
    expect(() => parseIni('[a]\njust words\n')).toThrow(/not 'key = value'/)
  })
})

describe('updateIniSection', () => {
  const text =
    '# my servers\n[General]\ndefault-server = a\n\n[server:a]\n# the token\ntoken = old\n  continued\nhttp-timeout = 5\n\n[server:b]\ntoken = b\n'

  it('rewrites keys in place, adds new ones at the end of the section, keeps comments and other sections', () => {
    const updated = updateIniSection(text, 'server:a', {
      token: 'new',
      scope: 's',
      'default-workspace': undefined,
    })
    expect(updated).toBe(
      '# my servers\n[General]\ndefault-server = a\n\n[server:a]\n# the token\ntoken = new\nhttp-timeout = 5\nscope = s\n\n[server:b]\ntoken = b\n',
    )
    expect(parseIni(updated).get('server:b')?.get('token')).toBe('b')
  })

  it('removes a key set to undefined and appends a missing section', () => {
    expect(updateIniSection(text, 'server:a', { 'http-timeout': undefined })).not.toContain('http-timeout')
    expect(
      updateIniSection('[General]\n', 'server:c', { 'api-url': 'https://c/api/', token: undefined }),
    ).toBe('[General]\n\n[server:c]\napi-url = https://c/api/\n')
    expect(updateIniSection('', 'General', { 'default-server': 'c' })).toBe('[General]\ndefault-server = c\n')
  })
})
