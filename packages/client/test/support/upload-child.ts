/**
 * A child process that runs one upload with the client, for tests that kill it mid-way
 * (kill -9) and run the same upload again. Bundled from the sources by
 * {@link bundleUploadChild}; prints one JSON line per progress report and a last line
 * `{"done": id}`.
 *
 * argv: apiUrl token scope workspace directory file...
 * The upload journal is where XDG_STATE_HOME says.
 */
import { join } from 'node:path'
import { TestArtifact } from '@debusine-ts/artifacts'
import { DebusineClient } from '../../src/index.js'

async function main(): Promise<void> {
  const [apiUrl = '', token, scope, workspace, directory = '', ...names] = process.argv.slice(2)
  const client = new DebusineClient({ apiUrl, token, scope, workspace })
  const local = await TestArtifact.create({
    files: names.map((name) => join(directory, name)),
    baseDirectory: directory,
  })
  const artifact = await client.artifacts.upload(local, {
    onProgress: ({ committed, sent, total }) => {
      process.stdout.write(`${JSON.stringify({ committed, sent, total })}\n`)
    },
  })
  process.stdout.write(`${JSON.stringify({ done: artifact.id })}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`)
  process.exit(1)
})
