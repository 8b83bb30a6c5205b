// One real call through the installed client under whichever Node runs it: the first work
// request of the workspace, from the local real server (environment of tooling/real-server/up).
import { DebusineClient } from '@debusine-ts/client'

const client = new DebusineClient({
  apiUrl: process.env.DEBUSINE_TS_API_URL,
  token: process.env.DEBUSINE_TS_TOKEN,
  scope: process.env.DEBUSINE_TS_SCOPE,
  workspace: process.env.DEBUSINE_TS_WORKSPACE,
})
let first
for await (const request of client.workRequests.list({}, { signal: AbortSignal.timeout(60_000) })) {
  first = request
  break
}
console.log(
  `client: work request list answered (first id ${first?.id ?? 'none'}) under Node ${process.versions.node}`,
)
