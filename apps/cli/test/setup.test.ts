import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
import { pythonCliArgs } from '../../../tooling/vitest/python-cli-names.js'
import { pythonClient, realServer } from '../../../tooling/vitest/real-server.js'
import { runCli } from './support/run-cli.js'

// Under /tmp: the Python client runs in the server's chroot, which sees the host's /tmp.
const configFile = (): string => join(mkdtempSync('/tmp/debusine-ts-setup-'), 'config.ini')

/** Run the Python client (`python`) or debusine-ts with the config file `file`, next to it. */
async function withConfig(
  who: 'python' | 'ours',
  file: string,
  command: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cwd = dirname(file)
  if (who === 'ours') return runCli(['--config-file', file, ...command], { cwd })
  // The command translated for an older client here: the global option goes first.
  const args = ['--config-file', file, ...pythonCliArgs(realServer().serverRoot, command)]
  const run = await pythonClient(args, { cwd })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

/**
 * Prove that the section of `file` works: with its token, scope and default workspace,
 * `creator` uploads an artifact, which `shower` then finds in that workspace. Commands every
 * server has (0.11.3 has no workspace inheritance or collections).
 */
async function expectArtifactRoundTrip(
  file: string,
  creator: 'python' | 'ours',
  shower: 'python' | 'ours',
): Promise<void> {
  writeFileSync(join(dirname(file), 'file.txt'), `made by ${creator}\n`)
  const created = await withConfig(creator, file, [
    'artifact',
    'create',
    'debusine:test',
    '--upload',
    'file.txt',
    '--yaml',
  ])
  expect(created.code, created.stderr).toBe(0)
  const { artifact_id: id } = parse(created.stdout) as { artifact_id: number }
  const shown = await withConfig(shower, file, ['artifact', 'show', String(id), '--yaml'])
  expect(shown.code, shown.stderr).toBe(0)
  expect(parse(shown.stdout)).toMatchObject({
    id,
    category: 'debusine:test',
    workspace: realServer().workspace,
  })
}

/**
 * Run `setup` on a terminal (a pseudo-terminal that stdin, stdout and stderr share): the
 * scripted answers are typed ahead, and `onStderr` sees what the terminal shows, e.g. the
 * enrollment address. What the terminal showed is returned as both stdout and stderr.
 */
async function interactive(
  argv: string[],
  answers: string[],
  onStderr: (text: string) => void = () => undefined,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdin = answers.map((answer) => `${answer}\n`).join('')
  const run = await runCli(argv, { stdin, terminal: true, onStdout: onStderr })
  return { code: run.code, stdout: run.stdout, stderr: run.stdout }
}

/** A cookie jar over fetch: the web UI's login, then the answer on the confirmation page (docs/protocol.md §8). */
async function answerEnrollment(confirmUrl: string, outcome: 'confirm' | 'cancel'): Promise<void> {
  const server = realServer()
  const cookies = new Map<string, string>()
  const send = (url: string, init: RequestInit): Promise<Response> =>
    fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string> | undefined),
        Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    })
  const request = async (url: string, init: RequestInit = {}): Promise<Response> => {
    let response: Response
    try {
      response = await send(url, init)
    } catch (error) {
      // A kept-alive connection that the server closed (gunicorn recycling a worker) fails
      // before any answer: send again on a new one, as browsers do.
      if ((error as { cause?: { code?: unknown } }).cause?.code !== 'UND_ERR_SOCKET') throw error
      response = await send(url, init)
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const equals = pair!.indexOf('=')
      cookies.set(pair!.slice(0, equals), pair!.slice(equals + 1))
    }
    await response.arrayBuffer()
    return response
  }
  const origin = new URL(server.apiUrl).origin
  await request(`${origin}/-/login/`)
  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrfmiddlewaretoken: cookies.get('csrftoken') ?? '', ...fields }).toString(),
  })
  const login = await request(
    `${origin}/-/login/`,
    form({ username: server.webUser, password: server.webPassword }),
  )
  expect(login.status).toBe(302)
  const page = `${confirmUrl.replace(/\/$/, '')}/`
  // The address is printed just before the request is sent: the server may not know it yet.
  for (let attempt = 0; (await request(page)).status !== 200; attempt += 1) {
    if (attempt > 20) throw new Error(`${page} never answered 200`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  const answered = await request(page, form({ outcome }))
  expect(answered.status).toBe(302)
}

function watchForConfirmUrl(outcome: 'confirm' | 'cancel'): {
  onStderr: (text: string) => void
  done: () => Promise<void>
} {
  let answered: Promise<void> | undefined
  return {
    onStderr: (text) => {
      const url = /(http:\/\/\S+\/-\/enroll\/confirm\/\S+)/.exec(text)?.[1]
      if (url !== undefined && answered === undefined) answered = answerEnrollment(url, outcome)
    },
    done: async () => {
      expect(answered).toBeDefined()
      await answered
    },
  }
}

describe('setup without a terminal (for scripts)', () => {
  // Without a default workspace: the Python client 0.11.3 refuses a section with any key but
  // api-url, scope and token (the menu's test below writes one, which debusine-ts reads).
  it('writes a section (mode 600) that the Python client and debusine-ts both use', async () => {
    const server = realServer()
    const file = configFile()
    const run = await runCli([
      '--config-file',
      file,
      '--server',
      'scripted',
      'setup',
      '--api-url',
      server.apiUrl,
      '--scope',
      server.scope,
      '--token',
      server.token,
      '--json',
    ])
    expect(run.code, run.stderr).toBe(0)
    expect(JSON.parse(run.stdout)).toMatchObject({ result: 'success', server: 'scripted', config_file: file })
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(readFileSync(file, 'utf8')).toContain('default-server = scripted')
    // The http URL of the test server is worth a warning, as the Python setup gives.
    expect(run.stderr).toMatch(/use https/)
    await expectArtifactRoundTrip(file, 'python', 'ours')
    await expectArtifactRoundTrip(file, 'ours', 'python')
  })

  it('exits 3 without a server name or without a token, and never prompts', async () => {
    const file = configFile()
    const noServer = await runCli(['--config-file', file, 'setup'])
    expect(noServer.code).toBe(3)
    expect(noServer.stderr).toMatch(/needs --server NAME/)
    const noToken = await runCli([
      '--config-file',
      file,
      '--server',
      'x',
      'setup',
      '--api-url',
      'https://x.example.org/api/',
    ])
    expect(noToken.code).toBe(3)
    expect(noToken.stderr).toMatch(/No token for x/)
    expect(() => statSync(file)).toThrow()
  })
})

describe('setup on a terminal (scripted answers)', () => {
  it('new server from the menu: url, scope, token, workspace, save', async () => {
    const server = realServer()
    const file = configFile()
    const run = await interactive(
      ['--config-file', file, 'setup'],
      [
        'new',
        server.apiUrl,
        'scope',
        server.scope,
        'token',
        server.token,
        'workspace',
        server.workspace,
        'save',
      ],
    )
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/1\. debian\n\s+2\. freexian\n\s+3\. localhost\n\s+4\. new/)
    const written = readFileSync(file, 'utf8')
    expect(written).toContain('[server:127.0.0.1]')
    await expectArtifactRoundTrip(file, 'ours', 'ours')
  })

  it('quit (or the end of input) writes nothing; an unknown action is reported', async () => {
    const file = configFile()
    const run = await interactive(['--config-file', file, 'setup'], ['1', 'frobnicate', 'quit'])
    expect(run.code).toBe(0)
    expect(run.stderr).toContain('url:       https://debusine.debian.net/api/')
    expect(run.stderr).toMatch(/unknown action 'frobnicate'/)
    expect(() => statSync(file)).toThrow()
  })

  it('save without a token enrolls: confirmed in the web UI, the new token is saved and works', async () => {
    const server = realServer()
    const file = configFile()
    const watcher = watchForConfirmUrl('confirm')
    const run = await interactive(
      ['--config-file', file, '--server', 'enrolled', 'setup'],
      // No workspace: the section stays one the Python client 0.11.3 reads (as in the first test).
      ['url', server.apiUrl, 'scope', server.scope, 'save'],
      watcher.onStderr,
    )
    await watcher.done()
    expect(run.code, run.stderr).toBe(0)
    expect(run.stderr).toMatch(/The page must show these words: (\w+ ){5}\w+/)
    const token = /token = ([0-9a-f]{64})/.exec(readFileSync(file, 'utf8'))?.[1]
    expect(token).toBeDefined()
    expect(token).not.toBe(server.token)
    await expectArtifactRoundTrip(file, 'python', 'ours')
  })

  it('a cancelled enrollment offers a retry; declining exits 3 and writes nothing', async () => {
    const server = realServer()
    const file = configFile()
    const watcher = watchForConfirmUrl('cancel')
    const run = await interactive(
      ['--config-file', file, '--server', 'cancelled', 'setup'],
      ['url', server.apiUrl, 'scope', server.scope, 'save', 'n'],
      watcher.onStderr,
    )
    await watcher.done()
    expect(run.code).toBe(3)
    expect(run.stderr).toMatch(/Enrollment failed: .*cancel/i)
    expect(run.stderr).toContain('Retry? [Y/n]')
    expect(() => statSync(file)).toThrow()
  })
})
