import { describe, expect, it } from 'vitest'
import { bypassesProxy, describeProxy, proxyFor, proxySettingsFromEnv } from './proxy-environment.js'

const at = (url: string, noProxy: string): boolean => bypassesProxy(new URL(url), noProxy)

describe('proxySettingsFromEnv', () => {
  it('prefers the lower-case variable, then the upper-case one, then ALL_PROXY', () => {
    expect(proxySettingsFromEnv({ http_proxy: 'http://a:1', HTTP_PROXY: 'http://b:2' }).http).toBe(
      'http://a:1',
    )
    expect(proxySettingsFromEnv({ HTTPS_PROXY: 'http://b:2' }).https).toBe('http://b:2')
    expect(proxySettingsFromEnv({ ALL_PROXY: 'http://c:3' })).toMatchObject({
      http: 'http://c:3',
      https: 'http://c:3',
    })
    expect(proxySettingsFromEnv({ no_proxy: 'a', NO_PROXY: 'b' }).noProxy).toBe('a')
  })

  it('takes the explicit proxy over the environment, keeping NO_PROXY', () => {
    const settings = proxySettingsFromEnv({ HTTPS_PROXY: 'http://b:2', NO_PROXY: 'x' }, 'http://e:9')
    expect(settings).toEqual({ http: 'http://e:9', https: 'http://e:9', noProxy: 'x' })
  })
})

describe('NO_PROXY', () => {
  it('matches a host, the names under a domain, with or without a leading dot', () => {
    expect(at('https://debusine.example.org/api', 'example.org')).toBe(true)
    expect(at('https://debusine.example.org/api', '.example.org')).toBe(true)
    expect(at('https://example.org/api', '.example.org')).toBe(true)
    expect(at('https://notexample.org/api', 'example.org')).toBe(false)
  })

  it('matches a port only on that port, the default port when the URL has none', () => {
    expect(at('https://a.test/api', 'a.test:443')).toBe(true)
    expect(at('https://a.test:8443/api', 'a.test:443')).toBe(false)
    expect(at('http://a.test/api', 'a.test:80')).toBe(true)
  })

  it('matches * for every host, IPs and CIDR ranges, entries split by commas and spaces', () => {
    expect(at('https://anything.test/', '*')).toBe(true)
    expect(at('http://127.0.0.1:8011/api', 'localhost, 127.0.0.1')).toBe(true)
    expect(at('http://10.1.2.3/api', 'a.test 10.0.0.0/8')).toBe(true)
    expect(at('http://11.1.2.3/api', '10.0.0.0/8')).toBe(false)
    expect(at('http://[::1]:8011/api', '::1')).toBe(true)
  })
})

describe('proxyFor', () => {
  const settings = proxySettingsFromEnv({
    HTTP_PROXY: 'proxy.test:3128',
    HTTPS_PROXY: 'http://u:secret@s.test:3129',
    NO_PROXY: 'local.test',
  })

  it('picks the proxy of the scheme (ws: as http:, wss: as https:), http:// when none is given', () => {
    expect(proxyFor(new URL('http://a.test/'), settings)?.href).toBe('http://proxy.test:3128/')
    expect(proxyFor(new URL('ws://a.test/'), settings)?.host).toBe('proxy.test:3128')
    expect(proxyFor(new URL('wss://a.test/'), settings)?.host).toBe('s.test:3129')
    expect(proxyFor(new URL('https://local.test/'), settings)).toBeUndefined()
  })

  it('describes a proxy without its credentials', () => {
    const proxy = proxyFor(new URL('https://a.test/'), settings)
    expect(describeProxy(proxy)).toBe('proxy http://s.test:3129')
    expect(describeProxy(undefined)).toBe('no proxy')
  })
})
