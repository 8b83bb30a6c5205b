/**
 * apt on this machine installing into an empty root of its own, knowing only a repository's
 * URL and key: how the tests prove that a published suite is installable.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'

/** Where to install from. */
export interface AptSource {
  /** The repository's URL on the archive host name, e.g. `http://deb.localhost:8011/debusine/W`. */
  url: string
  suite: string
  /** The repository's armored key (apt's `signed-by`). */
  keyFile: string
}

/** What apt printed, and the root it installed into. */
export interface AptRun {
  root: string
  stdout: string
  stderr: string
}

/** The apt configuration that keeps all of apt's and dpkg's state under `root`. */
function aptConfig(root: string): string {
  return [
    `Dir "${root}/";`,
    `Dir::State::status "${root}/var/lib/dpkg/status";`,
    'APT::Architecture "amd64";',
    'APT::Architectures { "amd64"; };',
    'APT::Sandbox::User "root";',
    'Acquire::Languages "none";',
    `DPkg::Options { "--root=${root}"; "--force-script-chrootless"; };`,
    '',
  ].join('\n')
}

/**
 * `apt-get update` and `apt-get install PACKAGE` into a new root under `directory`. apt
 * resolves the archive's host name through its own /etc/hosts (a private mount namespace,
 * so the machine's stays as it is). Rejects when apt fails.
 */
export function aptInstall(directory: string, source: AptSource, name: string): Promise<AptRun> {
  const line = `deb [signed-by=${source.keyFile}] ${source.url} ${source.suite} main\n`
  return aptInstallFrom(directory, { list: line, host: new URL(source.url).hostname }, name)
}

/**
 * {@link aptInstall} with apt's only sources given as text: a one-line `list` (written to
 * `etc/apt/sources.list`) or a deb822 `sources` file (`etc/apt/sources.list.d/repository.sources`,
 * the sources.list left empty); `host` is the archive's host name, resolved to loopback.
 */
export async function aptInstallFrom(
  directory: string,
  source: { list?: string; sources?: string; host: string },
  name: string,
): Promise<AptRun> {
  const root = join(directory, `apt-root-${name}`)
  for (const dir of [
    'etc/apt/apt.conf.d',
    'etc/apt/preferences.d',
    'etc/apt/sources.list.d',
    'var/lib/apt/lists/partial',
    'var/cache/apt/archives/partial',
    'var/lib/dpkg/info',
    'var/lib/dpkg/updates',
    'var/log/apt',
  ])
    mkdirSync(join(root, dir), { recursive: true })
  writeFileSync(join(root, 'var/lib/dpkg/status'), '')
  writeFileSync(join(root, 'etc/apt/sources.list'), source.list ?? '')
  if (source.sources !== undefined)
    writeFileSync(join(root, 'etc/apt/sources.list.d/repository.sources'), source.sources)
  const config = join(root, 'apt.conf')
  writeFileSync(config, aptConfig(root))
  const hosts = join(root, 'hosts')
  writeFileSync(hosts, `127.0.0.1 localhost ${source.host}\n`)
  const { stdout, stderr } = await promisify(execFile)(
    'unshare',
    [
      '--mount',
      'sh',
      '-ec',
      'mount --bind "$1" /etc/hosts; apt-get -q update; apt-get -q -y install "$2"',
      'apt',
      hosts,
      name,
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, APT_CONFIG: config, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 120_000,
    },
  )
  return { root, stdout, stderr }
}
