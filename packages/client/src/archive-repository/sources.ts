import { ValidationError } from '@debusine-ts/models'

/** What {@link renderSources} writes. */
export interface SourcesInput {
  /** The repository's URL, `{archive}/{scope}/{workspace}`. */
  url: string
  /** The armored key, inlined in `Signed-By`. */
  armored: string
  suites: readonly string[]
  components: readonly string[]
  /** Restrict apt to these architectures; all of the suite's when empty. */
  architectures: readonly string[]
  /** Where the one-line form expects the key (it cannot inline it). */
  keyFile: string
  /** Credentials of a private workspace, for the auth.conf.d stanza. */
  auth?: { login: string; password: string } | undefined
}

/** The apt configuration of a repository. */
export interface AptSources {
  /** deb822 text for `/etc/apt/sources.list.d/NAME.sources`, the key inline in `Signed-By`. */
  deb822: string
  /** The one-line form for `/etc/apt/sources.list.d/NAME.list`; the key goes to `keyFile`. */
  oneLine: string
  /** Where the one-line form expects the armored key. */
  keyFile: string
  /** The `/etc/apt/auth.conf.d/NAME.conf` stanza, for a private workspace. */
  authConf?: string | undefined
  /** Why the auth stanza must be kept secret, when there is one. */
  warning?: string | undefined
}

// A deb822 field's continuation lines start with a space; an empty line there is " ." (deb822(5)).
function folded(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => (line.trim() === '' ? ' .' : ` ${line}`))
    .join('\n')
}

function nonEmpty(field: string, values: readonly string[]): void {
  if (values.length === 0 || values.some((value) => !/^[A-Za-z0-9][A-Za-z0-9.+~_/-]*$/.test(value))) {
    throw new ValidationError('sources', [
      {
        path: field,
        rule: 'word_list',
        message: `${field} must be one or more names without spaces, got ${JSON.stringify(values)}`,
      },
    ])
  }
}

/** The deb822 and one-line apt sources of a repository, and its auth stanza when it has credentials. */
export function renderSources(input: SourcesInput): AptSources {
  nonEmpty('suites', input.suites)
  nonEmpty('components', input.components)
  if (input.architectures.length > 0) nonEmpty('architectures', input.architectures)
  const deb822 = [
    'Types: deb',
    `URIs: ${input.url}`,
    `Suites: ${input.suites.join(' ')}`,
    `Components: ${input.components.join(' ')}`,
    ...(input.architectures.length > 0 ? [`Architectures: ${input.architectures.join(' ')}`] : []),
    `Signed-By:\n${folded(input.armored)}`,
    '',
  ].join('\n')
  const arch = input.architectures.length > 0 ? ` arch=${input.architectures.join(',')}` : ''
  const oneLine = input.suites
    .map(
      (suite) =>
        `deb [signed-by=${input.keyFile}${arch}] ${input.url} ${suite} ${input.components.join(' ')}`,
    )
    .join('\n')
  const result: AptSources = { deb822, oneLine: `${oneLine}\n`, keyFile: input.keyFile }
  if (input.auth !== undefined) {
    const machine = input.url.replace(/^[a-z]+:\/\//, '')
    result.authConf = `machine ${machine}\nlogin ${input.auth.login}\npassword ${input.auth.password}\n`
    result.warning =
      'the auth.conf.d stanza holds the token: write it to /etc/apt/auth.conf.d/ mode 600, owned by root, and never into a sources file or a log'
  }
  return result
}
