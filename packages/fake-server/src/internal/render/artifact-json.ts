import type { ArtifactRecord } from '../records.js'

/** The web UI path of an artifact, the base of its download URLs. */
export function artifactWebPath(scope: string, artifact: ArtifactRecord): string {
  return `/${scope}/${artifact.workspace}/artifact/${artifact.id}/`
}

/** An artifact as the server's API renders it; `origin` makes the download URLs absolute. */
export function artifactJson(scope: string, origin: string, artifact: ArtifactRecord): Record<string, unknown> {
  const webPath = artifactWebPath(scope, artifact)
  const tarPath = `${webPath}download/?archive=tar.gz`
  const files: Record<string, unknown> = {}
  const toUpload: string[] = []
  for (const [path, file] of [...artifact.files.entries()].sort(([a], [b]) => a.localeCompare(b))) {
    files[path] = {
      size: file.size,
      checksums: { sha256: file.sha256 },
      type: 'file',
      url: `${origin}${webPath}download/${path}`,
      content_type: file.contentType,
    }
    if (!file.complete) toUpload.push(path)
  }
  return {
    id: artifact.id,
    url: webPath,
    scope,
    workspace: artifact.workspace,
    category: artifact.category,
    data: artifact.data,
    created_at: artifact.createdAt,
    expire_at: artifact.expireAt,
    download_tar_gz_url: `${origin}${tarPath}`,
    files_to_upload: toUpload,
    files,
    links: {
      self: `/api/1.0/artifact/${artifact.id}/`,
      webui_self: webPath,
      download_tar_gz: { href: tarPath, type: 'application/tar+gzip' },
    },
  }
}
