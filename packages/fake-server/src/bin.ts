#!/usr/bin/env node
import { parseArgs } from 'node:util'
import { startFakeDebusine } from './start-fake-debusine.js'

const USAGE = `Usage: debusine-ts-fake [--port N] [--host ADDRESS] [--state FILE] [--token TOKEN]
                        [--scope SCOPE] [--workspace NAME] [--control-token TOKEN]

Start a fake Debusine. Prints one JSON line {apiUrl, token, scope, workspace, controlToken}
on stdout once it answers (GET /healthz answers then too); stops on SIGINT or SIGTERM,
saving the state to FILE when --state is given. Requests of the control API (/-/fake/)
carry controlToken in the header X-Fake-Control-Token.`

/** Run the fake until a signal stops it. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string' },
      state: { type: 'string' },
      token: { type: 'string' },
      'control-token': { type: 'string' },
      scope: { type: 'string' },
      workspace: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help === true) {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const fake = await startFakeDebusine({
    port: Number(values.port),
    host: values.host,
    stateFile: values.state,
    token: values.token,
    controlToken: values['control-token'],
    scope: values.scope,
    workspace: values.workspace,
  })
  const { apiUrl, token, scope, workspace, controlToken } = fake
  process.stdout.write(`${JSON.stringify({ apiUrl, token, scope, workspace, controlToken })}\n`)
  const stop = (): void => void fake.close().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
}

main().catch((error: unknown) => {
  process.stderr.write(
    `debusine-ts-fake: ${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`,
  )
  process.exitCode = 2
})
