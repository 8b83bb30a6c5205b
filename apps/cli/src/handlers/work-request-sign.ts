import { resolve } from 'node:path'
import { debsign } from '@debusine-ts/client'
import { printWorkRequest } from './render.js'
import type { HandlerOf } from '@debusine-ts/cli-kit'
import type { workRequestCommands } from './work-request.commands.js'

/**
 * `work-request sign`: sign the upload a `Wait/externaldebsign` work request waits for with
 * `debsign --re-sign … DEBSIGN_ARGS` (talking to the terminal) and complete it
 * (`client.debian.signUpload`).
 */
export const sign: HandlerOf<typeof workRequestCommands.sign> = async (context, values) => {
  const client = await context.client()
  const { workRequest } = await client.debian.signUpload(values.id, {
    signer: debsign({ args: values.debsignArguments, env: context.io.env, stdio: 'inherit' }),
    localChangesFile: values.localFile === undefined ? undefined : resolve(context.io.cwd, values.localFile),
    signal: context.signal,
    onSignedUpload: (signed) => context.feedback(`Signed upload: artifact ${signed.id}`),
  })
  await printWorkRequest(context, client, workRequest)
}
