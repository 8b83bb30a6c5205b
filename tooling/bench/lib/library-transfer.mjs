#!/usr/bin/env node
// One file uploaded and downloaded again through the library (@debusine-ts/client, built), as
// a service would do it in its own process; transfers.mjs --flat reads its peak RSS. With
// --keep-memory-flat it first calls keepMemoryFlat() as a service would, from the kit's
// subpath `@debusine-ts/cli-kit/flat-memory` alone (the kit's parser and YAML stay unloaded);
// without, V8 runs with Node's defaults, as in a host that made no such choice.
//
//   node tooling/bench/lib/library-transfer.mjs [--keep-memory-flat] API_URL TOKEN SCOPE WORKSPACE FILE DIRECTORY
import { fileURLToPath, pathToFileURL } from 'node:url'

const packages = fileURLToPath(new URL('../../../packages/', import.meta.url))
const load = (path) => import(pathToFileURL(packages + path).href)
const keep = process.argv[2] === '--keep-memory-flat'
const [apiUrl, token, scope, workspace, file, directory] = process.argv.slice(keep ? 3 : 2)

if (keep) (await load('cli-kit/dist/flat-memory.js')).keepMemoryFlat()
const { DebusineClient } = await load('client/dist/index.js')
const { LocalArtifact } = await load('artifacts/dist/index.js')

const client = new DebusineClient({ apiUrl, token, scope, workspace })
const local = new LocalArtifact('debusine:test', {})
await local.addLocalFile(file)
const artifact = await client.artifacts.upload(local, { resume: false })
await client.artifacts.downloadTo(artifact.id, directory)
