/** Options of {@link openInBrowser}. */
export interface OpenInBrowserOptions {
  /** The environment to read (`DISPLAY`, `WAYLAND_DISPLAY`, `SSH_CONNECTION`, `PATH`); default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined
  /** The platform, as `process.platform`; default the current one. */
  platform?: string | undefined
  /** How long to wait for the opener to report failure, in milliseconds; default 3000. */
  waitMs?: number | undefined
}

interface Opener {
  command: string
  args: string[]
}

interface NodeProcess {
  env: Record<string, string | undefined>
  platform: string
  versions?: { node?: string }
}

function currentProcess(): NodeProcess | undefined {
  const candidate = (globalThis as { process?: NodeProcess }).process
  return candidate?.versions?.node === undefined ? undefined : candidate
}

function present(value: string | undefined): boolean {
  return value !== undefined && value !== ''
}

/** The desktop's opener for `url`, or undefined when there is no desktop to open it on. */
function openerFor(
  url: string,
  platform: string,
  env: Readonly<Record<string, string | undefined>>,
): Opener | undefined {
  if (platform === 'win32') {
    // @NOTE Not `cmd /c start`: cmd would interpret `&` and `%` in the URL.
    return { command: 'rundll32', args: ['url.dll,FileProtocolHandler', url] }
  }
  if (platform === 'darwin') {
    // Over SSH, `open` would show the page on the remote Mac's screen, not the user's.
    return present(env['SSH_CONNECTION']) ? undefined : { command: 'open', args: [url] }
  }
  if (present(env['DISPLAY']) || present(env['WAYLAND_DISPLAY'])) {
    return { command: 'xdg-open', args: [url] }
  }
  return undefined
}

/**
 * Try to open `url` in the user's browser: `xdg-open` on Linux and other Unix systems
 * (only when `DISPLAY` or `WAYLAND_DISPLAY` is set), `open` on macOS (not over SSH), the
 * URL handler on Windows, `window.open` in a browser. Never throws: resolves to whether a
 * browser was (probably) opened, so a caller can fall back to showing the address.
 *
 * @param url an `http:` or `https:` URL; anything else is not opened
 * @example
 * await enroll(request, {
 *   onConfirmationPending: async ({ confirmUrl, challenge }) => {
 *     console.error(`Confirm at ${confirmUrl}; the page must show: ${challenge}`)
 *     await openInBrowser(confirmUrl)
 *   },
 * })
 */
export async function openInBrowser(url: string, options: OpenInBrowserOptions = {}): Promise<boolean> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  const nodeProcess = currentProcess()
  if (nodeProcess === undefined) {
    const browserWindow = globalThis as { open?: (url: string, target: string) => unknown }
    if (typeof browserWindow.open !== 'function') return false
    try {
      return browserWindow.open(parsed.href, '_blank') != null
    } catch {
      return false
    }
  }
  const env = options.env ?? nodeProcess.env
  const opener = openerFor(parsed.href, options.platform ?? nodeProcess.platform, env)
  if (opener === undefined) return false
  try {
    // Loaded only here, so that the package still loads in browsers.
    const { spawn } = await import('node:child_process')
    const child = spawn(opener.command, opener.args, {
      stdio: 'ignore',
      detached: true,
      env: { ...env },
      windowsHide: true,
    })
    return await new Promise<boolean>((resolve) => {
      // Some openers keep running as long as the browser they started: past this, assume success.
      const timer = setTimeout(() => {
        child.unref()
        resolve(true)
      }, options.waitMs ?? 3000)
      child.once('error', () => {
        clearTimeout(timer)
        resolve(false)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        resolve(code === 0)
      })
    })
  } catch {
    return false
  }
}
