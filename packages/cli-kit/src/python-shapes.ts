/**
 * The fields (and their order and defaults) of the Python client's response models, so that a
 * tool can print what `debusine … --yaml` prints: the Python client parses each server object
 * into a pydantic model and dumps that, which drops the fields its model does not know and
 * adds defaults the server never sends.
 */
/**
 * One Python response model: its fields in order, each with the model's default (`undefined`
 * for a required field, left out when the server leaves it out).
 */
export type PythonShape = readonly (readonly [field: string, fallback: unknown])[]

const linksFirst: PythonShape = [['links', {}]]

/** `WorkRequestResponse`. */
const workRequestShape: PythonShape = [
  ...linksFirst,
  ['id', undefined],
  ['url', undefined],
  ['parent', null],
  ['workflow_root', null],
  ['created_at', undefined],
  ['started_at', null],
  ['completed_at', null],
  ['duration', null],
  ['status', undefined],
  ['result', undefined],
  ['worker', null],
  ['task_type', undefined],
  ['task_name', undefined],
  ['task_data', undefined],
  ['dynamic_task_data', null],
  ['priority_base', undefined],
  ['priority_adjustment', undefined],
  ['artifacts', undefined],
  ['scope', null],
  ['workspace', undefined],
  ['scheduler_tags_provided', []],
  ['scheduler_tags_required', []],
  ['token', null],
]

const fileShape: PythonShape = [
  ...linksFirst,
  ['size', undefined],
  ['checksums', undefined],
  ['type', undefined],
  ['url', undefined],
  ['content_type', null],
]

/** `ArtifactResponse` (its `files` values are `FileResponse`). */
const artifactShape: PythonShape = [
  ...linksFirst,
  ['id', undefined],
  ['url', undefined],
  ['scope', undefined],
  ['workspace', undefined],
  ['category', undefined],
  ['created_at', undefined],
  ['data', undefined],
  ['download_tar_gz_url', undefined],
  ['files_to_upload', undefined],
  ['expire_at', null],
  ['files', {}],
]

/** `WorkflowTemplateData`. */
const workflowTemplateShape: PythonShape = [
  ...linksFirst,
  ['id', undefined],
  ['name', undefined],
  ['task_name', undefined],
  ['static_parameters', undefined],
  ['runtime_parameters', undefined],
  ['priority', 0],
  ['extra_groups', []],
  ['restricted', false],
]

/** `CollectionData`. */
const collectionShape: PythonShape = [
  ...linksFirst,
  ['id', undefined],
  ['name', undefined],
  ['category', undefined],
  ['full_history_retention_period', null],
  ['metadata_only_retention_period', null],
  ['data', undefined],
  ['stats', null],
]

/** `AssetResponse`. */
const assetShape: PythonShape = [
  ...linksFirst,
  ['id', undefined],
  ['category', undefined],
  ['data', undefined],
  ['work_request', null],
  ['workspace', undefined],
]

/** `RelationResponse`. */
const relationShape: PythonShape = [
  ...linksFirst,
  ['id', undefined],
  ['artifact', undefined],
  ['target', undefined],
  ['type', undefined],
]

/** `CollectionTokenGrantResponse` (`token_key` only set when a grant minted a token). */
const collectionTokenGrantShape: PythonShape = [
  ...linksFirst,
  ['token_type', undefined],
  ['token_hash', undefined],
  ['token_key', null],
  ['username', undefined],
  ['comment', undefined],
  ['role', undefined],
]

/**
 * The object as the Python model dumps it: its fields in the model's order, the model's
 * default for a field the server left out, other fields dropped.
 */
export function shapeLikePython(value: unknown, shape: PythonShape): Record<string, unknown> {
  const source = (value ?? {}) as Record<string, unknown>
  const result: Record<string, unknown> = {}
  for (const [field, fallback] of shape) {
    if (field in source && source[field] !== undefined) result[field] = source[field]
    else if (fallback !== undefined) result[field] = fallback
  }
  return result
}

/** An artifact as the Python client dumps it, files included. */
export function shapeArtifactLikePython(value: unknown): Record<string, unknown> {
  const result = shapeLikePython(value, artifactShape)
  const files = result.files as Record<string, unknown> | undefined
  if (files !== undefined) {
    result.files = Object.fromEntries(
      Object.entries(files).map(([name, file]) => [name, shapeLikePython(file, fileShape)]),
    )
  }
  return result
}

/** The Python client's response models this package knows, by resource. */
export const pythonShapes = {
  workRequest: workRequestShape,
  artifact: artifactShape,
  workflowTemplate: workflowTemplateShape,
  collection: collectionShape,
  asset: assetShape,
  relation: relationShape,
  collectionTokenGrant: collectionTokenGrantShape,
} as const satisfies Record<string, PythonShape>
