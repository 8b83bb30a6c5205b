import { ArtifactSchema } from '@debusine-ts/models'
import type { ContractExchange } from './exchange.js'
import { call, jsonOf } from './http-call.js'
import { artifactBody, completeArtifact, createArtifact } from './steps.js'

const CREATE = 'POST /api/1.0/artifact/'
const SHOW = 'GET /api/1.0/artifact/{id}/'
const UPLOAD = 'PUT /api/1.0/artifact/{id}/files/{path+}/'
const DOWNLOAD_FILE = 'GET /{scope}/{workspace}/artifact/{id}/download/{path+}'
const DOWNLOAD = 'GET /{scope}/{workspace}/artifact/{id}/download/'
const HELLO = 'hello, contract\n'

/** Put `bytes` as the range `start`… of the file `path` of artifact `id`, of `size` bytes. */
function putRange(target: Parameters<ContractExchange['run']>[0], id: number, path: string, range: string, bytes = '') {
  return call(target, {
    method: 'PUT',
    path: `/artifact/${id}/files/${path}/`,
    body: Buffer.from(bytes),
    headers: { 'Content-Range': range },
  })
}

/** Artifacts: creation, show, resumable upload, downloads. */
export const artifactExchanges: ContractExchange[] = [
  {
    name: 'creates an artifact: 201, every non-empty file still to upload',
    endpoints: [CREATE],
    schema: ArtifactSchema,
    run: async (target) => {
      const answer = await call(target, {
        method: 'POST',
        path: '/artifact/',
        json: artifactBody(target, { 'b.txt': 'bbb\n', 'a/z.txt': HELLO, 'empty': '' }),
      })
      return { answer, facts: { toUpload: (jsonOf(answer) as { files_to_upload: unknown }).files_to_upload } }
    },
  },
  {
    name: 'refuses an artifact without a token: 403',
    endpoints: [CREATE],
    run: async (target) => ({
      answer: await call(target, { method: 'POST', path: '/artifact/', json: artifactBody(target, {}), anonymous: true }),
    }),
  },
  {
    name: 'refuses an artifact in an unknown workspace: 404 Workspace not found',
    endpoints: [CREATE],
    run: async (target) => ({
      answer: await call(target, {
        method: 'POST',
        path: '/artifact/',
        json: { ...artifactBody(target, {}), workspace: 'no-such-workspace' },
      }),
    }),
  },
  {
    name: 'refuses an unknown artifact category: 400',
    endpoints: [CREATE],
    run: async (target) => ({
      answer: await call(target, {
        method: 'POST',
        path: '/artifact/',
        json: { ...artifactBody(target, {}), category: 'debusine:no-such-category' },
      }),
    }),
  },
  {
    name: 'shows an artifact, with nothing left to upload once its files are sent',
    endpoints: [SHOW],
    schema: ArtifactSchema,
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'shown.txt': 'shown\n' })
      const answer = await call(target, { path: `/artifact/${artifact.id}/` })
      return { answer, facts: { toUpload: (jsonOf(answer) as { files_to_upload: unknown }).files_to_upload } }
    },
  },
  {
    name: 'answers 404 for an unknown artifact',
    endpoints: [SHOW],
    run: async (target) => ({ answer: await call(target, { path: '/artifact/987654321/' }) }),
  },
  {
    name: 'upload probe of a fresh file: 206 Range bytes=0-0',
    endpoints: [UPLOAD],
    sameHeaders: ['range'],
    run: async (target) => {
      const artifact = await createArtifact(target, { 'probe.txt': HELLO })
      return { answer: await putRange(target, artifact.id, 'probe.txt', `bytes */${HELLO.length}`) }
    },
  },
  {
    name: 'upload in chunks: 200 with the bytes held, then 201 when complete, then the probe says 200',
    endpoints: [UPLOAD],
    sameHeaders: ['range'],
    run: async (target) => {
      const artifact = await createArtifact(target, { 'chunks.txt': HELLO })
      const first = await putRange(target, artifact.id, 'chunks.txt', `bytes 0-4/${HELLO.length}`, HELLO.slice(0, 5))
      const last = await putRange(target, artifact.id, 'chunks.txt', `bytes 5-${HELLO.length - 1}/${HELLO.length}`, HELLO.slice(5))
      const probe = await putRange(target, artifact.id, 'chunks.txt', `bytes */${HELLO.length}`)
      return { answer: first, facts: { statuses: [first.status, last.status, probe.status], range: first.headers.range } }
    },
  },
  {
    name: 'upload of a chunk beyond the bytes held: 400 "Please continue from N"',
    endpoints: [UPLOAD],
    run: async (target) => {
      const artifact = await createArtifact(target, { 'gap.txt': HELLO })
      await putRange(target, artifact.id, 'gap.txt', `bytes 0-1/${HELLO.length}`, HELLO.slice(0, 2))
      return { answer: await putRange(target, artifact.id, 'gap.txt', `bytes 4-6/${HELLO.length}`, HELLO.slice(4, 7)) }
    },
  },
  {
    name: 'upload of bytes that do not match the declared hash: 409, and the upload starts over',
    endpoints: [UPLOAD],
    sameHeaders: ['range'],
    run: async (target) => {
      const artifact = await createArtifact(target, { 'hash.txt': HELLO })
      const wrong = 'x'.repeat(HELLO.length)
      const answer = await putRange(target, artifact.id, 'hash.txt', `bytes 0-${HELLO.length - 1}/${HELLO.length}`, wrong)
      const probe = await putRange(target, artifact.id, 'hash.txt', `bytes */${HELLO.length}`)
      return { answer, facts: { probe: [probe.status, probe.headers.range] } }
    },
  },
  {
    name: 'downloads a file whole: 200 with Content-Range, Accept-Ranges, Content-Length',
    endpoints: [DOWNLOAD_FILE],
    body: 'bytes',
    sameHeaders: ['content-range', 'accept-ranges', 'content-length', 'content-disposition'],
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'dir/whole.txt': HELLO, 'other.txt': 'other\n' })
      return { answer: await call(target, { path: artifact.files['dir/whole.txt']!.url }) }
    },
  },
  {
    name: 'downloads a range of a file: 206',
    endpoints: [DOWNLOAD_FILE],
    body: 'bytes',
    sameHeaders: ['content-range', 'accept-ranges', 'content-length'],
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'ranged.txt': HELLO })
      return { answer: await call(target, { path: artifact.files['ranged.txt']!.url, headers: { Range: 'bytes=2-6' } }) }
    },
  },
  {
    name: 'refuses a range beyond the file: 400 problem',
    endpoints: [DOWNLOAD_FILE],
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'short.txt': HELLO })
      return { answer: await call(target, { path: artifact.files['short.txt']!.url, headers: { Range: 'bytes=100-200' } }) }
    },
  },
  {
    name: 'answers its 404 page for a path the artifact lacks',
    endpoints: [DOWNLOAD_FILE],
    body: 'none',
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'here.txt': HELLO })
      return { answer: await call(target, { path: artifact.files['here.txt']!.url.replace('here.txt', 'absent.txt') }) }
    },
  },
  {
    name: 'downloads the whole artifact as a .tar.gz of its files',
    endpoints: [DOWNLOAD],
    body: 'tar',
    presentHeaders: ['last-modified'],
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'one.txt': HELLO, 'sub/two.txt': 'two\n' })
      const answer = await call(target, { path: artifact.download_tar_gz_url })
      const disposition = answer.headers['content-disposition']?.replace(String(artifact.id), 'ID')
      return { answer, facts: { disposition } }
    },
  },
  {
    name: 'download/ of an artifact with one file streams that file',
    endpoints: [DOWNLOAD],
    body: 'bytes',
    sameHeaders: ['content-length', 'content-disposition'],
    run: async (target) => {
      const artifact = await completeArtifact(target, { 'single.txt': HELLO })
      return { answer: await call(target, { path: artifact.download_tar_gz_url.replace('?archive=tar.gz', '') }) }
    },
  },
]
