import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { realServer } from '../../vitest/real-server.js'

const LIB = fileURLToPath(new URL('../lib.sh', import.meta.url))
const server = realServer()

/** `install_version` of lib.sh run against the server's chroot with the pin `pin`. */
async function installVersion(pin: string): Promise<{ stdout: string; stderr: string }> {
  return promisify(execFile)(
    'bash',
    ['-c', '. "$1"; PIN=$2; install_version "$3"', 'install-version', LIB, pin, server.serverRoot],
    { encoding: 'utf8', timeout: 60_000 },
  )
}

describe('the harness follows Debian (tooling/real-server/lib.sh install_version)', () => {
  it('installs the pin while the suite carries it, silently', async () => {
    const { stdout, stderr } = await installVersion(server.serverVersion)
    expect(stdout.trim()).toBe(server.serverVersion)
    expect(stderr).toBe('')
  })

  it('falls back to the version the suite carries, with a loud line, when the pin is gone', async () => {
    const { stdout, stderr } = await installVersion('0.0.1')
    expect(stdout.trim()).toBe(server.serverVersion)
    expect(stderr).toContain(`no longer carries debusine 0.0.1 (the pin);`)
    expect(stderr).toContain(`installing ${server.serverVersion}, the version`)
  })
})
