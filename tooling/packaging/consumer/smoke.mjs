// Imports every installed package that has an import entry (the libraries and the daemon;
// the CLI is a bin only), and the subpath a service loads alone, as a user's program does,
// and checks one export of each, under whichever Node runs it.
const expectations = {
  '@debusine-ts/models': 'SdkError',
  '@debusine-ts/artifacts': 'SourcePackageArtifact',
  '@debusine-ts/transport': 'Transport',
  '@debusine-ts/client': 'DebusineClient',
  '@debusine-ts/events': 'CompletionEvents',
  '@debusine-ts/enroll': 'generateNonce',
  '@debusine-ts/cli-kit': 'runProgram',
  '@debusine-ts/cli-kit/flat-memory': 'keepMemoryFlat',
  '@debusine-ts/daemon': 'runDaemon',
  '@debusine-ts/fake-server': 'startFakeDebusine',
}
for (const [name, symbol] of Object.entries(expectations)) {
  const module = await import(name)
  if (module[symbol] === undefined) {
    throw new Error(`${name} has no export ${symbol} (exports: ${Object.keys(module).join(', ')})`)
  }
}
const { VERSION } = await import('@debusine-ts/transport')
const { createRequire } = await import('node:module')
const manifest = createRequire(import.meta.url)('@debusine-ts/transport/package.json')
if (VERSION !== manifest.version) throw new Error(`transport VERSION ${VERSION} is not ${manifest.version}`)
console.log(`imported ${Object.keys(expectations).length} entries under Node ${process.versions.node}`)
