import type { PageReader, Transport } from '@debusine-ts/transport'
import { createNodeNetwork } from '@debusine-ts/transport/node'
import { DebusineClientCore, type ClientConfig } from './client-core.js'
import type { ClientContext } from './client-context.js'
import { DebianPackages } from './debian-import/debian-packages.js'
import { readPageOverOwnConnection } from './internal/page-over-own-connection.js'
import { ownConnectionsAllowed } from './internal/socket-request.js'
import { Artifacts } from './resources/artifacts.js'
import { TaskConfigurations } from './resources/task-configurations.js'

/**
 * A client of one Debusine server: one namespace per resource, with uploads and downloads
 * of local files, the Debian import and the task configuration repository (Node only; a
 * browser bundle gets {@link DebusineClientCore} under this name). Lists read their pages
 * over kept-alive connections of their own (Node's `http`), which costs less per page than
 * `fetch`; not when the config gives `fetch` or `pageReader`, nor when Node's fetch is told
 * to use a proxy.
 *
 * @example
 * const client = new DebusineClient({
 *   apiUrl: 'https://debusine.debian.net/api',
 *   token: process.env.DEBUSINE_TOKEN,
 *   scope: 'debian',
 *   workspace: 'developers',
 * })
 * const request = await client.workRequests.create({ task_name: 'noop', task_data: {} })
 * console.log(client.webuiUrl(request.url))
 */
export class DebusineClient extends DebusineClientCore {
  /** Artifacts: create, get, upload and download. */
  declare readonly artifacts: Artifacts
  /** Task configuration collections. */
  readonly taskConfigurations: TaskConfigurations
  /** Debian packages: import them as artifacts, sign uploads for workflows. */
  readonly debian: DebianPackages

  /**
   * @param config the server's `/api` URL, token, scope, default workspace and transport
   *   settings; or an existing transport with a default workspace
   */
  constructor(config: ClientConfig | { transport: Transport; workspace?: string | undefined }) {
    super(withOwnPageReads(config))
    const context: ClientContext = { transport: this.transport, workspace: this.workspace }
    this.taskConfigurations = new TaskConfigurations(context)
    this.debian = new DebianPackages(context)
  }

  /** @internal The artifacts namespace, with the file operations. */
  protected override artifactsFor(context: ClientContext): Artifacts {
    return new Artifacts(context)
  }
}

/**
 * `config` with the Node network (proxies and trust of the environment, `proxy`, `caFile`) and
 * the client's page reader, where nothing asks otherwise.
 */
function withOwnPageReads<Config extends ClientConfig | { transport: Transport }>(config: Config): Config {
  if ('transport' in config || config.fetch !== undefined) return config
  const network =
    config.network ?? createNodeNetwork({ proxy: config.proxy, caFile: config.caFile, logger: config.logger })
  if ('pageReader' in config) return { ...config, network }
  if (!ownConnectionsAllowed()) return { ...config, network }
  // Through a proxy or over TLS, a page goes through the network (its fetch when it has no reader).
  const pageReader: PageReader = (page) =>
    network.direct(page.url)
      ? readPageOverOwnConnection(page)
      : (network.readPage?.(page) ?? Promise.resolve(undefined))
  return { ...config, network, pageReader }
}
