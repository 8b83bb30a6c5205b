import type { Transport } from '@debusine-ts/transport'
import { createNodeNetwork } from '@debusine-ts/transport/node'
import { DebusineClientCore, type ClientConfig } from './client-core.js'
import type { ClientContext } from './internal/client-context.js'
import { DebianPackages } from './debian-import/debian-packages.js'
import { Artifacts } from './artifacts/artifacts.js'
import { TaskConfigurations } from './task-configurations/task-configurations.js'

/**
 * A client of one Debusine server: one namespace per resource, with uploads and downloads
 * of local files, the Debian import and the task configuration repository (Node only; a
 * browser bundle gets {@link DebusineClientCore} under this name). Every request goes through
 * the Node network of the transport (`createNodeNetwork`: proxies, trust, one undici
 * dispatcher) unless the config gives `fetch`.
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
    super(withNodeNetwork(config))
    const context: ClientContext = { transport: this.transport, workspace: this.workspace }
    this.taskConfigurations = new TaskConfigurations(context)
    this.debian = new DebianPackages(context)
  }

  /** @internal The artifacts namespace, with the file operations. */
  protected override artifactsFor(context: ClientContext): Artifacts {
    return new Artifacts(context)
  }
}

/** `config` with the Node network (proxies and trust of the environment, `proxy`, `caFile`), where nothing asks otherwise. */
function withNodeNetwork<Config extends ClientConfig | { transport: Transport }>(config: Config): Config {
  if ('transport' in config || config.fetch !== undefined || config.network !== undefined) return config
  const network = createNodeNetwork({ proxy: config.proxy, caFile: config.caFile, logger: config.logger })
  return { ...config, network }
}
