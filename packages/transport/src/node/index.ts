/**
 * The network of a Node client: proxies (`HTTP_PROXY`, `HTTPS_PROXY`, `NO_PROXY`), trust (Node's
 * roots, the system store, `REQUESTS_CA_BUNDLE`, `CURL_CA_BUNDLE`, `SSL_CERT_FILE`,
 * `NODE_EXTRA_CA_CERTS`, a CA file per server), keep-alive and timeouts, in one undici
 * dispatcher. Node only: browsers use their own network settings.
 *
 * @module
 */
export { createNodeNetwork, type NodeNetwork, type NodeNetworkOptions } from './network.js'
export {
  bypassesProxy,
  describeProxy,
  proxyFor,
  proxySettingsFromEnv,
  type ProxySettings,
} from './proxy-environment.js'
export { SYSTEM_BUNDLES, trustFrom, type Trust, type TrustSettings } from './trust.js'
