/**
 * One operation of the client whose support depends on the server's Debusine version: the
 * capability table's row. Operations not in the table work on every version the suite knows.
 */
export interface ServerOperation {
  /** The client operation, `namespace.method` as called on the client, e.g. `workRequests.abort`. */
  readonly operation: string
  /** What it does, for the README's table. */
  readonly summary: string
  /**
   * The first Debusine version that has the operation (in any shape); servers before it
   * get `ServerTooOldError` and nothing is sent. Unset: every known version has it.
   */
  readonly since?: string
  /**
   * The first version that reads the operation in the shape the client sends by default;
   * servers from {@link since} up to it are sent the older shape they read.
   */
  readonly shapeSince?: string
  /** Where the versions come from: the Debian changelog, or the sources of 0.11.3 and 0.16.2. */
  readonly evidence: string
}

// A version "after 0.11.3" is the first release after it (0.12.0) when neither the Debian
// changelog nor the sources date it more precisely: a server between 0.12.0 and the true first
// version then answers for itself (a 404) rather than being refused something it may have.
const after0113 =
  'not in 0.11.3, in 0.16.2; not dated by the changelog: 0.12.0 is the first release after 0.11.3'

/**
 * The capability table: every client operation that some known Debusine version lacks or
 * reads in another shape. The client consults it before sending; the README's table
 * (server version × operation) is generated from it.
 */
export const SERVER_OPERATIONS: readonly ServerOperation[] = [
  { operation: 'workRequests.abort', summary: 'abort a work request', since: '0.12.0', evidence: after0113 },
  {
    operation: 'workflowChildren',
    summary: "list a workflow's work requests (older servers do not say which workflow a work request is in)",
    since: '0.12.0',
    evidence: `0.11.3's work requests have no \`parent\` or \`workflow_root\`; ${after0113}`,
  },
  {
    operation: 'workRequests.confirm',
    summary: 'confirm a waiting work request',
    since: '0.12.0',
    evidence: after0113,
  },
  {
    operation: 'workRequests.list filtered by ids or status',
    summary: 'list work requests by id or status (older servers ignore the filters)',
    since: '0.16.2',
    evidence: 'docs/protocol.md §10: `ids`/`status` filters arrived in 0.16.2',
  },
  {
    operation: 'workRequests.list filtered by task type or root only',
    summary: 'list work requests by task type or root only (older servers ignore the filters)',
    since: '0.16.0',
    evidence: 'docs/protocol.md §10: `task_type`/`root_only` filters arrived in 0.16.0',
  },
  {
    operation: 'artifacts.get in a workspace',
    summary: 'get an artifact through a workspace (and those it inherits from)',
    shapeSince: '0.14.3',
    evidence:
      'docs/protocol.md §10: `GET /artifact/{workspace}/{id}/` by 0.14.3; 0.11.3 reads `GET /artifact/{id}/` (the scope-wide path)',
  },
  {
    operation: 'artifacts.create with an expiration',
    summary: 'create an artifact that expires (expirationDelay or expireAt)',
    since: '0.12.0',
    evidence: `${after0113}; 0.11.3 answers 400 to any \`expiration_delay\` and ignores \`expire_at\``,
  },
  {
    operation: 'workflowTemplates.create',
    summary: 'create a workflow template',
    shapeSince: '0.13.0',
    evidence:
      'changelog 0.13.0: templates scoped by workspace (`/workflow-template/{workspace}/`); 0.11.3 reads `POST /workflow-template/` with `workspace` and `task_data`',
  },
  {
    operation: 'workflowTemplates.get',
    summary: 'show a workflow template (by id; by name from 0.13.0)',
    shapeSince: '0.13.0',
    evidence: 'changelog 0.13.0; 0.11.3 reads `GET /workflow-template/{id}/`',
  },
  {
    operation: 'workflowTemplates.getByName',
    summary: 'show a workflow template by name',
    since: '0.13.0',
    evidence: 'changelog 0.13.0; 0.11.3 finds templates by id only',
  },
  {
    operation: 'workflowTemplates.list',
    summary: "list a workspace's workflow templates",
    since: '0.13.0',
    evidence: 'changelog 0.13.0; 0.11.3 has no list',
  },
  {
    operation: 'workflowTemplates.update',
    summary: 'change a workflow template',
    shapeSince: '0.13.0',
    evidence: 'changelog 0.13.0; 0.11.3 reads `PATCH /workflow-template/{id}/`',
  },
  {
    operation: 'workflowTemplates.delete',
    summary: 'delete a workflow template',
    shapeSince: '0.13.0',
    evidence: 'changelog 0.13.0; 0.11.3 reads `DELETE /workflow-template/{id}/`',
  },
  {
    operation: 'workflows.start without a template',
    summary: 'start a workflow from a workflow task name, without a template',
    since: '0.12.0',
    evidence: `${after0113}; 0.11.3's workflow create requires \`template_name\``,
  },
  { operation: 'collections.create', summary: 'create a collection', since: '0.12.0', evidence: after0113 },
  { operation: 'collections.get', summary: 'show a collection', since: '0.12.0', evidence: after0113 },
  {
    operation: 'collections.list',
    summary: "list a workspace's collections",
    since: '0.12.0',
    evidence: after0113,
  },
  { operation: 'collections.update', summary: 'change a collection', since: '0.12.0', evidence: after0113 },
  { operation: 'collections.delete', summary: 'delete a collection', since: '0.12.0', evidence: after0113 },
  {
    operation: 'collections.items',
    summary: "list, add and remove a collection's items",
    since: '0.12.0',
    evidence: after0113,
  },
  {
    operation: 'collections.relations',
    summary: "list and replace a collection's relations",
    since: '0.12.0',
    evidence: after0113,
  },
  {
    operation: 'collections.tokens',
    summary: 'grant and revoke collection tokens',
    since: '0.14.10',
    evidence: 'changelog 0.14.10: external user tokens',
  },
  {
    operation: 'taskConfigurations',
    summary: 'read and push task configuration collections',
    since: '0.12.0',
    evidence: 'changelog 0.12.0: commands to manage task configuration collections',
  },
  {
    operation: 'workspaces.inheritance',
    summary: "read and set a workspace's inheritance",
    since: '0.12.1',
    evidence: 'changelog 0.12.1: `debusine workspace-inheritance`',
  },
  {
    operation: 'metrics.emit',
    summary: 'emit metrics through the server',
    since: '0.14.2',
    evidence: 'changelog 0.14.2 / docs/protocol.md §10: `emit_metric`',
  },
  {
    operation: 'lookups',
    summary: 'look up collection items (single and multiple)',
    since: '0.14.6',
    evidence:
      "docs/protocol.md §10: the users' lookup API arrived in 0.14.6; 0.11.3 answers only to a worker of a work request",
  },
]

/** The versions the suite's CI runs against (Debian trixie and sid), the README table's columns. */
export const TESTED_SERVER_VERSIONS: readonly string[] = ['0.11.3', '0.16.2']
