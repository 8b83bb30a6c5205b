// What a command context loads from the client when a command first needs the server: a
// module of its own so that `--help`, `--version` and completion never load the client, and a
// bundle's chunk for it holds these two and what they use, not the whole client.
export { DebusineClient, readClientConfig } from '@debusine-ts/client'
