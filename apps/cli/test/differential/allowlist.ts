/**
 * The one list of differences from the Python `debusine` CLI 0.16.2 that debusine-ts keeps
 * on purpose: what it adds (`new`), Python bugs it fixes (`fix`), and behaviour kept
 * different for a reason (`kept`). The differential tests skip exactly these, by id; the
 * README's "Differences from the Python client" section is these notes, in this order
 * (`allowlist.test.ts` checks it). Anything else must match.
 */
export const differences = [
  {
    id: 'new-commands-and-options',
    kind: 'new',
    note: '`--json` on every command, `work-request watch`, `workflow watch`, `failures`, `retry --failed` and `download`, `work-request unblock` and `confirm`, `--wait`/`--timeout` on `work-request create` and `workflow start`, `artifact download --complete-files-only`, `artifact create --no-resume`, `completion bash|zsh|fish`, `archive suite ensure`, `archive key`, `archive sources`, `archive wait` and `archive package published`, progress bars on a terminal.',
  },
  {
    id: 'artifact-create-resumes',
    kind: 'new',
    note: '`artifact create` run again after an interrupted run (Ctrl-C, `kill`, a crash) continues the same artifact and sends only what the server lacks (a journal under `$XDG_STATE_HOME/debusine-ts`, mode 600); it says so on stderr. `--no-resume` creates a new artifact; the Python client always does.',
  },
  {
    id: 'interrupt-exit-codes',
    kind: 'new',
    note: 'Interrupted by SIGINT/SIGTERM, a command exits 130/143 (the Python client: 0) with one line on stderr naming what exists on the server; `artifact create --upload` succeeds only once the artifact read back lists no file still to upload.',
  },
  {
    id: 'outcome-unknown-exit-code',
    kind: 'new',
    note: 'Exit code 4 when the answer to a create was lost and what it made was not found (it may or may not exist; the message says how to check); the Python client has no such case (3 at best).',
  },
  {
    id: 'global-options-after-command',
    kind: 'new',
    note: 'Global options (`--server`, `--scope`, `--config-file`, `--silent`, `--debug`) are also accepted after the command, spelled in full (argparse refuses them there, exit 2).',
  },
  {
    id: 'setup-for-scripts',
    kind: 'new',
    note: "`setup` also works without a terminal, for scripts: `debusine-ts --server NAME setup --api-url URL --scope SCOPE --token-file FILE [--workspace W] [--default]` (`--token-file -`: the first line of standard input; `--token TOKEN` is still accepted, with a warning: it shows in `ps` and the shell history), or `--enroll` instead (prints the address to confirm in the web interface and waits). It never prompts without a terminal, and rewrites only the server's section (comments and other sections are kept), atomically, mode 600. On a terminal, the token is read without echo.",
  },
  {
    id: 'lookup-workflow-sent',
    kind: 'fix',
    note: "`collection lookup-single|lookup-multiple --workflow ID` reaches the server (as `workflow_root`), so lookups of a workflow's internal collection work; the Python client sends it as `work_request`, which 0.16.2 ignores.",
  },
  {
    id: 'relation-edit-duplicates',
    kind: 'fix',
    note: '`collection relation edit` does not send a target twice (`--append` of a present target changes nothing; the Python client sends it and the server refuses).',
  },
  {
    id: 'relation-edit-edit-with-changes',
    kind: 'fix',
    note: '`collection relation edit --edit` with `--set`/`--append`/`--prepend`/`--remove` is a usage error (exit 2); the Python client fails with a traceback (exit 1).',
  },
  {
    id: 'handled-failures',
    kind: 'fix',
    note: 'Failures the Python client lets through as tracebacks (exit 1), such as upload or download errors, exit 3 here with a message and a hint.',
  },
  {
    id: 'messages',
    kind: 'kept',
    note: "Error messages keep the Python client's key phrase on the first line of stderr (`not found`, `Cannot write to`, `is not supported`, `no changes specified`, `does not exist or is not executable`, `is not a repository`, `cannot create`, …), then add a hint; server errors are printed as `Error (STATUS): TITLE`. Usage errors keep argparse's wording but name `debusine-ts`, and positionals by their help names (`WORK_REQUEST_ID`).",
  },
  {
    id: 'feedback-on-stderr',
    kind: 'kept',
    note: 'Feedback lines (`Work request started: …`) always go to stderr, so stdout holds only data (the Python client prints some on stdout without `--yaml`).',
  },
  {
    id: 'errors-on-stderr',
    kind: 'kept',
    note: 'Server errors are printed on stderr; the Python client prints them on stdout (through its console, wrapped at 80 columns) unless `--yaml`.',
  },
  {
    id: 'yaml-failure-document',
    kind: 'kept',
    note: 'With `--yaml`, every handled failure prints `{result: failure, error: {title: …}}` on stdout, local ones too (a command that is not executable, empty `--data`, a directory that is not a checkout, an unsupported file); the Python client prints one for server errors only (and for an unsupported file with `error` as a plain string).',
  },
  {
    id: 'yaml-errors-status-code',
    kind: 'kept',
    note: 'Server errors with `--yaml` include `status_code`.',
  },
  {
    id: 'config-timeout-and-defaults',
    kind: 'kept',
    note: '`http-timeout = CONNECT,READ` becomes one per-attempt timeout of CONNECT+READ seconds; `[DEFAULT]` sections of `config.ini` are not merged into the server sections.',
  },
  {
    id: 'archive-remove-nothing',
    kind: 'kept',
    note: '`archive package remove` exits 3 when nothing matched.',
  },
  {
    id: 'archive-copy-dry-run',
    kind: 'kept',
    note: '`archive package copy --dry-run` prints the task data as a table, or with `--yaml`/`--json` as a mapping of `task_name`, `workspace` and `task_data` (the Python client always prints a table).',
  },
  {
    id: 'tables',
    kind: 'kept',
    note: 'Tables and `--help` for humans are laid out differently (plain columns instead of Rich boxes); `--yaml` output is the same.',
  },
] as const satisfies readonly { id: string; kind: 'new' | 'fix' | 'kept'; note: string }[]

/** The id of a difference kept on purpose. */
export type DifferenceId = (typeof differences)[number]['id']

/** The README bullets: the notes, marked by kind. */
export function readmeBullets(): string[] {
  const mark = { new: 'New', fix: 'Python bug fixed', kept: 'Kept' } as const
  return differences.map((difference) => `- ${mark[difference.kind]}: ${difference.note}`)
}
