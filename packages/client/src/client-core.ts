import { WhoAmISchema, type WhoAmI } from '@debusine-ts/models'
import { Transport, type RequestOptions, type TransportConfig } from '@debusine-ts/transport'
import { Archive } from './archive/archive.js'
import type { ClientContext } from './internal/client-context.js'
import { ArtifactsCore } from './artifacts/artifacts-core.js'
import { Assets } from './assets/assets.js'
import { Collections } from './collections/collections.js'
import { Lookups } from './lookups/lookups.js'
import { Metrics } from './metrics/metrics.js'
import { Relations } from './relations/relations.js'
import { WorkRequests } from './work-requests/work-requests.js'
import { WorkflowTemplates } from './workflow-templates/workflow-templates.js'
import { Workflows } from './workflows/workflows.js'
import { Workspaces } from './workspaces/workspaces.js'
import { webPagePath, type WebPageKind, type WebPageOf } from './web-page.js'

/** How to reach a Debusine server, and the defaults of the client's operations. */
export interface ClientConfig extends TransportConfig {
  /**
   * The workspace of operations that are not given one (the Python client's
   * `default-workspace`); when unset, such operations leave it to the server's default.
   */
  workspace?: string | undefined
}

/**
 * A client of one Debusine server that runs anywhere, browsers included: one namespace per
 * resource, without local files (in a browser bundle, `@debusine-ts/client` exports it as
 * `DebusineClient`). In Node, {@link DebusineClient} adds uploads, downloads, the Debian
 * import and the task configuration repository.
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
export class DebusineClientCore {
  /** The HTTP transport, for requests the namespaces do not cover. */
  readonly transport: Transport
  /** The workspace of operations that are not given one, if any. */
  readonly workspace: string | undefined
  /** Artifacts: get (in Node also create, upload and download). */
  readonly artifacts: ArtifactsCore
  /** Assets: create, list and permission checks. */
  readonly assets: Assets
  /** Collections and their items. */
  readonly collections: Collections
  /** Relations between artifacts. */
  readonly relations: Relations
  /** Lookups of collection items, artifacts and collections. */
  readonly lookups: Lookups
  /** Work requests. */
  readonly workRequests: WorkRequests
  /** Workflows. */
  readonly workflows: Workflows
  /** Workflow templates. */
  readonly workflowTemplates: WorkflowTemplates
  /** Workspaces and their inheritance chains. */
  readonly workspaces: Workspaces
  /** Metrics emitted through the server. */
  readonly metrics: Metrics
  /** The Debian archive of a workspace: suites and their packages. */
  readonly archive: Archive

  /**
   * @param config the server's `/api` URL, token, scope, default workspace and transport
   *   settings; or an existing transport with a default workspace
   */
  constructor(config: ClientConfig | { transport: Transport; workspace?: string | undefined }) {
    this.transport = 'transport' in config ? config.transport : new Transport(config)
    this.workspace = config.workspace
    const context: ClientContext = { transport: this.transport, workspace: this.workspace }
    this.artifacts = this.artifactsFor(context)
    this.assets = new Assets(context)
    this.collections = new Collections(context)
    this.relations = new Relations(context)
    this.lookups = new Lookups(context)
    this.workRequests = new WorkRequests(context)
    this.workflows = new Workflows(context)
    this.workflowTemplates = new WorkflowTemplates(context)
    this.workspaces = new Workspaces(context)
    this.metrics = new Metrics(context)
    this.archive = new Archive(context)
  }

  /**
   * Who the server takes the client for: the user of the token, or anonymous (an unknown
   * or disabled token is treated as no token at all).
   *
   * @example
   * const { user, auth } = await client.whoami()
   */
  whoami(options?: RequestOptions): Promise<WhoAmI> {
    return this.transport.request('GET', '/whoami/', {
      ...options,
      schema: WhoAmISchema,
      model: 'WhoAmI',
    })
  }

  /**
   * A browser URL for a server-relative web UI path, such as a resource's `url` or a
   * `links` href.
   *
   * @example
   * client.webuiUrl('/debusine/System/work-request/42/') // 'https://host/debusine/System/work-request/42/'
   */
  webuiUrl(path: string): string {
    return this.transport.webuiUrl(path)
  }

  /**
   * The browser URL of a work request's or artifact's page: from its `url`, or, where the
   * server sends none (0.11), from the web UI's layout in this client's scope.
   *
   * @example
   * client.webPageUrl('work-request', await client.workRequests.get(42)) // 'https://host/debusine/System/work-request/42/'
   */
  webPageUrl(kind: WebPageKind, resource: WebPageOf): string {
    return this.transport.webuiUrl(webPagePath(this.transport.scope, kind, resource))
  }

  /** @internal The artifacts namespace; the Node client's has the file operations. */
  protected artifactsFor(context: ClientContext): ArtifactsCore {
    return new ArtifactsCore(context)
  }
}
