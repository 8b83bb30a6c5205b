import { createHash } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LocalArtifact } from '@debusine-ts/artifacts'
import { json, startHostileServer, type HostileServer } from '../../../../tooling/hostile-server/index.js'
import { DebusineClient } from '../client.js'
import { ArtifactIncompleteError } from '../errors/artifact-incomplete-error.js'

// A 0.11.3 server racing another client's upload of the same bytes: its create answers that
// nothing needs uploading, yet the artifact read back lists the file as still to upload.
const content = Buffer.from('racing bytes\n')
const sha256 = createHash('sha256').update(content).digest('hex')

function artifactBody(filesToUpload: string[]): unknown {
  return {
    id: 42,
    url: '/debusine/System/artifact/42/',
    scope: 'debusine',
    workspace: 'System',
    category: 'debusine:test',
    data: {},
    created_at: '2026-11-22T00:00:00Z',
    expire_at: null,
    download_tar_gz_url: 'http://127.0.0.1/debusine/System/artifact/42/download/?archive=tar.gz',
    files_to_upload: filesToUpload,
    files: {
      'a.txt': {
        size: content.length,
        type: 'file',
        checksums: { sha256 },
        url: 'http://127.0.0.1/a.txt',
        content_type: null,
      },
    },
    links: {},
  }
}

let server: HostileServer
let directory: string
beforeAll(async () => {
  server = await startHostileServer({
    'POST /api/1.0/artifact/': json(artifactBody([]), 201),
    'GET /api/1.0/artifact/42/': json(artifactBody(['a.txt'])),
  })
  directory = mkdtempSync(join(tmpdir(), 'debusine-ts-upload-check-'))
  writeFileSync(join(directory, 'a.txt'), content)
})
afterAll(() => server.close())

describe('artifacts.upload', () => {
  it('reads the artifact back and fails, naming the file, when the server still lists it to upload', async () => {
    const client = new DebusineClient({
      apiUrl: server.apiUrl,
      token: 'a-token-of-the-test',
      scope: 'debusine',
    })
    const local = new LocalArtifact('debusine:test', {})
    await local.addLocalFile(join(directory, 'a.txt'), { baseDirectory: directory })
    const upload = client.artifacts.upload(local, { resume: false })
    await expect(upload).rejects.toBeInstanceOf(ArtifactIncompleteError)
    await expect(upload).rejects.toMatchObject({
      artifactId: 42,
      missing: ['a.txt'],
      code: 'upload_incomplete',
    })
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toContain(
      'GET /api/1.0/artifact/42/',
    )
  })
})
