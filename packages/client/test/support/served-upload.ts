// A real source + binary upload in a temporary directory (`pool/`), served by a loopback
// HTTP server: what the dget-style import tests fetch.
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { removeDirectory, temporaryDirectory } from '../../../artifacts/test/support/debian-fixtures.js'
import {
  buildMixedUpload,
  type MixedUploadFixture,
} from '../../../artifacts/test/support/debian-upload-fixtures.js'
import { serveDirectory, type LoopbackFileServer } from './loopback-file-server.js'

/** The upload, where it is, and its server. */
export interface ServedUpload {
  /** A temporary directory for the test; the upload is in `pool/` under it. */
  root: string
  pool: string
  fixture: MixedUploadFixture
  server: LoopbackFileServer
  /** Stop the server and remove `root`. */
  close(): Promise<void>
}

/** Build the upload in a new temporary directory and serve it. */
export async function serveMixedUpload(prefix: string): Promise<ServedUpload> {
  const root = temporaryDirectory(prefix)
  const pool = join(root, 'pool')
  mkdirSync(pool)
  const fixture = buildMixedUpload(pool)
  if (fixture === undefined) throw new Error('dpkg-deb is needed (tooling/run installs dpkg-dev)')
  const server = await serveDirectory(pool)
  return {
    root,
    pool,
    fixture,
    server,
    close: async () => {
      await server.close()
      removeDirectory(root)
    },
  }
}
