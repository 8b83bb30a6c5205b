import { ArtifactSchema } from '@debusine-ts/models'
import type { ContractExchange } from './exchange.js'
import { call, jsonOf } from './http-call.js'
import { completeArtifact } from './steps.js'

const SHOW_IN_WORKSPACE = 'GET /api/1.0/artifact/{workspace}/{id}/'

/** `GET /artifact/{workspace}/{id}/`: the route the client takes when given a workspace (a resumed upload). */
export const artifactInWorkspaceExchanges: ContractExchange[] = [
  {
    name: 'shows an artifact by workspace and id',
    endpoints: [SHOW_IN_WORKSPACE],
    schema: ArtifactSchema,
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'in-workspace.txt': 'found\n' })
      const answer = await call(target, { path: `/artifact/${target.workspace}/${artifact.id}/` })
      const shown = jsonOf(answer) as { id: number; workspace: string; files_to_upload: unknown }
      return {
        answer,
        facts: { sameId: shown.id === artifact.id, workspace: shown.workspace === target.workspace },
      }
    },
  },
  {
    name: 'answers 404 Workspace not found for an artifact of an unknown workspace',
    endpoints: [SHOW_IN_WORKSPACE],
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'elsewhere.txt': 'elsewhere\n' })
      const answer = await call(target, { path: `/artifact/no-such-workspace/${artifact.id}/` })
      return { answer, facts: { detail: (jsonOf(answer) as { detail: string }).detail } }
    },
  },
  {
    name: 'answers 404 for an unknown artifact of a workspace',
    endpoints: [SHOW_IN_WORKSPACE],
    run: async (target) => ({
      answer: await call(target, { path: `/artifact/${target.workspace}/987654321/` }),
    }),
  },
]
