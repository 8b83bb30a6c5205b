import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openInBrowser } from './open-in-browser.js'

// A real executable named like the desktop's opener, first on PATH: it records its arguments.
let directory: string
let record: string

async function fakeOpener(name: string, exitCode = 0): Promise<void> {
  const script = join(directory, name)
  await writeFile(script, `#!/bin/sh\nprintf '%s\\n' "$@" > '${record}'\nexit ${exitCode}\n`)
  await chmod(script, 0o755)
}

async function recorded(): Promise<string | undefined> {
  return readFile(record, 'utf8').catch(() => undefined)
}

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'enroll-open-'))
  record = join(directory, 'arguments')
})
afterEach(async () => {
  await rm(directory, { recursive: true, force: true })
})

describe('openInBrowser', () => {
  const url = 'http://127.0.0.1:8011/-/enroll/confirm/abc_DEF-123/'

  it('runs xdg-open with the URL when a display is present', async () => {
    await fakeOpener('xdg-open')
    const opened = await openInBrowser(url, { platform: 'linux', env: { PATH: directory, DISPLAY: ':0' } })
    expect(opened).toBe(true)
    expect(await recorded()).toBe(`${url}\n`)
  })

  it('also counts a Wayland display', async () => {
    await fakeOpener('xdg-open')
    expect(
      await openInBrowser(url, { platform: 'linux', env: { PATH: directory, WAYLAND_DISPLAY: 'wayland-0' } }),
    ).toBe(true)
  })

  it('opens nothing without a display', async () => {
    await fakeOpener('xdg-open')
    expect(await openInBrowser(url, { platform: 'linux', env: { PATH: directory } })).toBe(false)
    expect(await recorded()).toBeUndefined()
  })

  it('runs open on macOS, but not over SSH', async () => {
    await fakeOpener('open')
    expect(
      await openInBrowser(url, { platform: 'darwin', env: { PATH: directory, SSH_CONNECTION: '1 2 3 4' } }),
    ).toBe(false)
    expect(await recorded()).toBeUndefined()
    expect(await openInBrowser(url, { platform: 'darwin', env: { PATH: directory } })).toBe(true)
    expect(await recorded()).toBe(`${url}\n`)
  })

  it('resolves false, without throwing, when the opener is missing or fails', async () => {
    expect(await openInBrowser(url, { platform: 'linux', env: { PATH: directory, DISPLAY: ':0' } })).toBe(
      false,
    )
    await fakeOpener('xdg-open', 3)
    expect(await openInBrowser(url, { platform: 'linux', env: { PATH: directory, DISPLAY: ':0' } })).toBe(
      false,
    )
  })

  it('refuses anything but an http(s) URL', async () => {
    await fakeOpener('xdg-open')
    const env = { PATH: directory, DISPLAY: ':0' }
    expect(await openInBrowser('file:///etc/passwd', { platform: 'linux', env })).toBe(false)
    expect(await openInBrowser('--help', { platform: 'linux', env })).toBe(false)
    expect(await recorded()).toBeUndefined()
  })
})
