import { describe, expect, it } from 'vitest'
import { renderSources } from './sources.js'

const ARMORED =
  '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmDMEaxAa\n=SCYy\n-----END PGP PUBLIC KEY BLOCK-----\n'
const input = {
  url: 'http://deb.example/debian/w',
  armored: ARMORED,
  suites: ['dts'],
  components: ['main'],
  architectures: [],
  keyFile: '/etc/apt/keyrings/w.asc',
}

describe('apt sources of a repository', () => {
  it('inlines the key in Signed-By with deb822 continuation lines (" ." for an empty line)', () => {
    const { deb822, oneLine, authConf } = renderSources(input)
    expect(deb822).toBe(
      [
        'Types: deb',
        'URIs: http://deb.example/debian/w',
        'Suites: dts',
        'Components: main',
        'Signed-By:',
        ' -----BEGIN PGP PUBLIC KEY BLOCK-----',
        ' .',
        ' mDMEaxAa',
        ' =SCYy',
        ' -----END PGP PUBLIC KEY BLOCK-----',
        '',
      ].join('\n'),
    )
    expect(oneLine).toBe('deb [signed-by=/etc/apt/keyrings/w.asc] http://deb.example/debian/w dts main\n')
    expect(authConf).toBeUndefined()
  })

  it('names the architectures, and for credentials gives the auth.conf.d stanza with a warning', () => {
    const sources = renderSources({
      ...input,
      architectures: ['amd64', 'arm64'],
      auth: { login: 'u', password: 't0k' },
    })
    expect(sources.deb822).toContain('\nArchitectures: amd64 arm64\n')
    expect(sources.oneLine).toContain('[signed-by=/etc/apt/keyrings/w.asc arch=amd64,arm64]')
    expect(sources.authConf).toBe('machine deb.example/debian/w\nlogin u\npassword t0k\n')
    expect(sources.deb822).not.toContain('t0k')
    expect(sources.warning).toMatch(/holds the token/)
  })

  it('refuses an empty suite list, naming the field', () => {
    expect(() => renderSources({ ...input, suites: [] })).toThrow(/suites must be one or more names/)
  })
})
