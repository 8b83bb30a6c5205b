import { BlockList, isIP } from 'node:net'

/** The proxies a client uses, as `HTTP_PROXY`, `HTTPS_PROXY`, `ALL_PROXY` and `NO_PROXY` give them. */
export interface ProxySettings {
  /** The proxy for `http:` (and `ws:`) URLs. */
  http?: string | undefined
  /** The proxy for `https:` (and `wss:`) URLs. */
  https?: string | undefined
  /** Where no proxy is used: comma- or space-separated hosts, domain suffixes, `host:port`, IPs, CIDRs or `*`. */
  noProxy?: string | undefined
}

/** The first of `names` set to a non-empty value in `env`. */
function firstSet(
  env: Readonly<Record<string, string | undefined>>,
  names: readonly string[],
): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim()
    if (value !== undefined && value !== '') return value
  }
  return undefined
}

/**
 * The proxy settings of an environment, with the precedence of curl and Python's requests:
 * the lower-case variable before the upper-case one, `ALL_PROXY` when the scheme has none.
 * `explicit` (the client's `proxy` option) applies to both schemes and wins over them.
 */
export function proxySettingsFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  explicit?: string,
): ProxySettings {
  const all = firstSet(env, ['all_proxy', 'ALL_PROXY'])
  return {
    http: explicit ?? firstSet(env, ['http_proxy', 'HTTP_PROXY']) ?? all,
    https: explicit ?? firstSet(env, ['https_proxy', 'HTTPS_PROXY']) ?? all,
    noProxy: firstSet(env, ['no_proxy', 'NO_PROXY']),
  }
}

function defaultPort(protocol: string): string {
  return protocol === 'https:' || protocol === 'wss:' ? '443' : '80'
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host
}

/** Whether one `NO_PROXY` entry covers `host` (lower case, no brackets) on `port`. */
function entryMatches(entry: string, host: string, port: string): boolean {
  let name = entry
  let entryPort: string | undefined
  const portMatch = /^(.*?):(\d+)$/.exec(entry)
  if (portMatch !== null && isIP(stripBrackets(entry)) !== 6) {
    name = portMatch[1]!
    entryPort = portMatch[2]
  }
  if (entryPort !== undefined && entryPort !== port) return false
  name = stripBrackets(name)
  if (name.includes('/')) return cidrMatches(name, host)
  name = name.replace(/^\*?\./, '')
  return host === name || host.endsWith(`.${name}`)
}

function cidrMatches(cidr: string, host: string): boolean {
  const [network, bits] = cidr.split('/')
  const family = isIP(network ?? '')
  const hostFamily = isIP(host)
  if (family === 0 || hostFamily !== family || !/^\d+$/.test(bits ?? '')) return false
  const list = new BlockList()
  const type = family === 4 ? 'ipv4' : 'ipv6'
  list.addSubnet(network!, Number(bits), type)
  return list.check(host, type)
}

/**
 * Whether `NO_PROXY` exempts `url`, by the rules of curl and requests: `*` for every host; an
 * entry matches the host itself and every name under it (`example.org` and `.example.org`
 * both cover `a.example.org`); `host:port` only that port; an IP or a CIDR range the
 * addresses it covers.
 */
export function bypassesProxy(url: URL, noProxy: string | undefined): boolean {
  if (noProxy === undefined) return false
  const host = stripBrackets(url.hostname.toLowerCase()).replace(/\.$/, '')
  const port = url.port === '' ? defaultPort(url.protocol) : url.port
  for (const raw of noProxy.split(/[\s,]+/)) {
    const entry = raw.trim().toLowerCase()
    if (entry === '') continue
    if (entry === '*' || entryMatches(entry, host, port)) return true
  }
  return false
}

/**
 * The proxy `url` goes through, or `undefined` for a direct connection. A proxy given
 * without a scheme is taken as `http://`, as curl does.
 */
export function proxyFor(url: URL, settings: ProxySettings): URL | undefined {
  const secure = url.protocol === 'https:' || url.protocol === 'wss:'
  const proxy = secure ? settings.https : settings.http
  if (proxy === undefined || bypassesProxy(url, settings.noProxy)) return undefined
  return new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(proxy) ? proxy : `http://${proxy}`)
}

/** A proxy's address for messages: its scheme, host and port, never its credentials. */
export function describeProxy(proxy: URL | undefined): string {
  return proxy === undefined ? 'no proxy' : `proxy ${proxy.protocol}//${proxy.host}`
}
