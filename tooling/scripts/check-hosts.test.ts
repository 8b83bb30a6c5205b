import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const script = fileURLToPath(new URL('./check-hosts.sh', import.meta.url))
const aptSources = fileURLToPath(new URL('../real-server/apt-sources.sh', import.meta.url))
const lib = fileURLToPath(new URL('../real-server/lib.sh', import.meta.url))

/** An apt configuration directory with the given sources.list and deb822 files. */
function aptEtc(files: Record<string, string>): string {
  const etc = mkdtempSync(join(tmpdir(), 'apt-etc-'))
  mkdirSync(join(etc, 'sources.list.d'))
  for (const [name, text] of Object.entries(files)) writeFileSync(join(etc, name), text)
  return etc
}

function bash(script: string, env: Record<string, string>) {
  return spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, ...env } })
}

const deb822 = [
  'Types: deb-src',
  'URIs: http://source-only.example/debian',
  '',
  'Types: deb',
  'Enabled: no',
  'URIs: http://disabled.example/debian',
  '',
  '# a comment',
  'Types: deb',
  'URIs: http://mirror.example/debian http://second.example/debian',
  'Suites: sid',
  '',
].join('\n')

describe('reading the apt sources', () => {
  it('takes the enabled deb entries of deb822 and one-line files', () => {
    const etc = aptEtc({
      'sources.list': '# deb http://commented.example/debian sid main\ndeb [arch=amd64] http://one-line.example/debian sid main\n',
      'sources.list.d/debian.sources': deb822,
    })
    const result = bash(`. ${aptSources}; apt_source_uris`, { APT_ETC: etc })
    expect(result.stdout.trim().split('\n')).toEqual([
      'http://one-line.example/debian',
      'http://mirror.example/debian',
      'http://second.example/debian',
    ])
  })

  it('with `all`, also takes deb-src, disabled and commented-out entries', () => {
    const etc = aptEtc({
      'sources.list': '# deb http://commented.example/debian sid main\n',
      'sources.list.d/debian.sources': deb822,
    })
    const result = bash(`. ${aptSources}; apt_source_uris all`, { APT_ETC: etc })
    expect(result.stdout.trim().split('\n').sort()).toEqual(
      [
        'http://commented.example/debian',
        'http://disabled.example/debian',
        'http://mirror.example/debian',
        'http://second.example/debian',
        'http://source-only.example/debian',
      ].sort(),
    )
  })

  it('the harness bootstraps from DEBUSINE_TS_MIRROR, else from the first /debian source', () => {
    const etc = aptEtc({ 'sources.list.d/debian.sources': deb822 })
    expect(bash(`. ${lib}; debian_mirror`, { APT_ETC: etc }).stdout.trim()).toBe('http://mirror.example/debian')
    const chosen = bash(`. ${lib}; debian_mirror`, { APT_ETC: etc, DEBUSINE_TS_MIRROR: 'http://own.example/x' })
    expect(chosen.stdout.trim()).toBe('http://own.example/x')
  })

  it('stops with a message naming both ways when the machine names no mirror', () => {
    const result = bash(`. ${lib}; debian_mirror`, { APT_ETC: aptEtc({}), DEBUSINE_TS_MIRROR: '' })
    expect(result.status).not.toBe(0)
    expect(result.stderr).toMatch(/set DEBUSINE_TS_MIRROR=.*apt sources/)
  })
})

describe('the host check', () => {
  function repositoryWith(text: string): string {
    const root = mkdtempSync(join(tmpdir(), 'hosts-'))
    writeFileSync(join(root, 'fixture.txt'), text)
    spawnSync('git', ['init', '-q', root])
    spawnSync('git', ['-C', root, 'add', 'fixture.txt'])
    return root
  }
  const etc = aptEtc({ 'sources.list': 'deb http://apt-host.example/debian sid main\n' })

  it('fails naming the tracked file that names an apt source host', () => {
    const root = repositoryWith('mirror: http://APT-HOST.example/debian\n')
    const result = spawnSync('bash', [script, root], { encoding: 'utf8', env: { ...process.env, APT_ETC: etc } })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('fixture.txt')
  })

  it('passes when no tracked file names one', () => {
    const root = repositoryWith('mirror: http://mirror.example/debian\n')
    const result = spawnSync('bash', [script, root], { encoding: 'utf8', env: { ...process.env, APT_ETC: etc } })
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
  })
})
