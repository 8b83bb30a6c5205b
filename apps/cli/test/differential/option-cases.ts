import { join } from 'node:path'
import type { Case, CaseContext } from './cases.js'

// Every option of every command, mostly through paths that change nothing on the server (an
// object or workspace that does not exist, a dry run, a fresh workspace's empty lists): the
// same command line must fail or answer the same way through both CLIs.

const missing = '999999999'
const token = 'f'.repeat(64)

/** The words of a command line written as one string (no word here has a space). */
const line = (text: string): string[] => text.split(' ')

/** Options of the collection, workspace and lookup commands. */
function collectionOptionCases(ctx: CaseContext): Case[] {
  const w = `--workspace ${ctx.workspace}`
  const file = (name: string): string => join(ctx.directory, name)
  const suite = file('suite.yaml')
  const periods = '--full-history-retention-period 3 --metadata-only-retention-period -'
  return [
    {
      name: 'inheritance changes, unknown workspace',
      argv: line('workspace inheritance -w nonexistent --append x --prepend y --remove z --set q'),
    },
    {
      name: 'inheritance --edit, unknown workspace',
      argv: line('workspace inheritance --yaml -w nonexistent --edit'),
    },
    { name: 'collection list --workspace', argv: line(`collection list ${w} --yaml`) },
    { name: 'collection show --workspace', argv: line(`collection show ${w} debian:suite a --yaml`) },
    {
      name: 'collection create, unknown workspace',
      argv: line(
        `collection create --yaml --workspace nonexistent ${periods} debian:suite x --data ${suite}`,
      ),
    },
    {
      name: 'collection manage, unknown collection',
      argv: line(
        `collection manage --yaml ${w} --data ${suite} --rename r ${periods} nonexistent@debian:suite`,
      ),
    },
    {
      name: 'collection delete --force, unknown collection',
      argv: line(`collection delete --yaml ${w} --force nonexistent@debian:suite`),
    },
    {
      name: 'lookup-single --default-category',
      argv: line(`collection lookup-single ${w} --default-category debian:suite --yaml a@debian:suite`),
    },
    {
      // The work request is no workflow: both lookups answer alike (see lookup-workflow-sent).
      name: 'lookup-single --workflow, a lookup outside the workflow',
      argv: line(`collection lookup-single --workflow ${ctx.workRequest} --yaml a@debian:suite`),
    },
    {
      name: 'lookup-multiple --workflow, a lookup outside the workflow',
      argv: line(`collection lookup-multiple --yaml a@debian:suite --workflow ${ctx.workRequest}`),
    },
    {
      name: 'lookup-multiple --data',
      argv: line(
        `collection lookup-multiple ${w} --default-category debian:suite --expect-type collection --yaml --data ${file('lookups.yaml')}`,
      ),
    },
    {
      name: 'relation list filters',
      argv: line(
        `collection relation list ${w} --from a@debian:suite --to b@debian:suite --type suite-requires --yaml`,
      ),
    },
    {
      name: 'relation edit, unknown collection',
      argv: line(
        `collection relation edit --yaml ${w} nonexistent@debian:suite suite-requires --append b@debian:suite --prepend a@debian:suite --remove a@debian:suite --set b@debian:suite`,
      ),
    },
    {
      name: 'relation edit --edit, unknown collection',
      argv: line(`collection relation edit ${w} nonexistent@debian:suite suite-requires --edit`),
    },
  ]
}

/** Options of the workflow-template, workflow and work-request commands. */
function workOptionCases(ctx: CaseContext): Case[] {
  const w = `--workspace ${ctx.workspace}`
  const file = (name: string): string => join(ctx.directory, name)
  const template = file('tpl.yaml')
  return [
    {
      name: 'template create, unknown workspace',
      argv: line(
        `workflow-template create --yaml --workspace nonexistent --priority 1 --data ${template} noop t`,
      ),
    },
    { name: 'template list --workspace', argv: line(`workflow-template list ${w} --yaml`) },
    { name: 'template show --workspace', argv: line(`workflow-template show --yaml ${w} nonexistent`) },
    {
      name: 'template manage, unknown template',
      argv: line(
        `workflow-template manage --yaml ${w} --priority 2 --data ${template} --rename x nonexistent`,
      ),
    },
    {
      name: 'template delete, unknown template',
      argv: line(`workflow-template delete --yaml ${w} nonexistent`),
    },
    { name: 'template edit, unknown template', argv: line(`workflow-template edit --yaml ${w} nonexistent`) },
    { name: 'workflow list --limit', argv: line('workflow list --limit 1 --yaml'), stdout: 'ignore' },
    {
      name: 'workflow start, unknown workspace',
      argv: line(
        `workflow start --yaml --workspace nonexistent --no-template --data ${file('ok.yaml')} noop`,
      ),
    },
    {
      name: 'work-request list --workspace --limit',
      argv: line(`work-request list ${w} --limit 2 --yaml`),
      stdout: 'ignore',
    },
    {
      name: 'work-request create, unknown workspace',
      argv: line(
        `work-request create --workspace nonexistent --event-reactions ${file('reactions.yaml')} --data ${file('ok.yaml')} noop`,
      ),
    },
    {
      name: 'work-request manage, unknown',
      argv: line(`work-request manage --yaml --set-priority-adjustment 1 ${missing}`),
    },
    { name: 'work-request retry, unknown', argv: line(`work-request retry --yaml ${missing}`) },
    { name: 'work-request abort, unknown', argv: line(`work-request abort --yaml ${missing}`) },
    {
      name: 'work-request sign, unknown',
      argv: line(`work-request sign --yaml --local-file ${file('file.txt')} ${missing}`),
    },
    {
      name: 'on-completed options, command not executable',
      argv: line(
        `work-request on-completed --yaml -w ${ctx.workspace} --last-completed-at ${file('last.json')} ${file('not-executable')}`,
      ),
      allowed: ['yaml-failure-document'],
    },
  ]
}

/** Options of the artifact, asset and task-config commands, and the global options. */
function artifactOptionCases(ctx: CaseContext): Case[] {
  const w = `--workspace ${ctx.workspace}`
  const file = (name: string): string => join(ctx.directory, name)
  const empty = file('empty.yaml')
  return [
    {
      name: 'artifact create, unknown workspace',
      argv: line(
        `artifact create --yaml --workspace nonexistent --data ${empty} --upload file.txt --upload-base-directory ${ctx.directory} debusine:test`,
      ),
      allowed: ['yaml-failure-document'],
    },
    { name: 'artifact show --yaml', argv: line(`artifact show --yaml ${ctx.artifact}`) },
    { name: 'artifact show-relations --yaml', argv: line(`artifact show-relations --yaml ${ctx.artifact}`) },
    {
      name: 'import-debian options, unsupported file',
      argv: line(`artifact import-debian --yaml ${w} --expire-at 2030-01-01 ${file('file.txt')}`),
      allowed: ['yaml-failure-document'],
    },
    {
      name: 'download --tarball, unknown artifact',
      argv: line(`artifact download --yaml --tarball ${missing} --target-directory ${file('empty')}`),
    },
    {
      name: 'asset create, unknown workspace',
      argv: line(
        `asset create --yaml --workspace nonexistent --data ${empty} debusine:cloud-provider-account`,
      ),
      allowed: ['yaml-failure-document'],
    },
    {
      name: 'asset list --id --work-request',
      argv: line(`asset list --yaml --id ${missing} --work-request ${missing} ${w}`),
    },
    {
      name: 'task-config pull, unknown workspace',
      argv: line(`task-config pull --yaml --workspace nonexistent --workdir ${file('pull')}`),
    },
    {
      name: 'task-config push options, not a checkout',
      argv: line(`task-config push --yaml --workdir ${file('empty')} --dry-run --force`),
      allowed: ['yaml-failure-document'],
    },
    // The versions differ (`debusine 0.16.2`, `debusine-ts …`): exit code and stderr only.
    { name: 'global --version', argv: ['--version'], stdout: 'ignore' },
    {
      name: 'global --debug, an unknown subsystem',
      argv: line(`--debug nosuch collection list ${w} --yaml`),
    },
    {
      name: 'global --scope and --silent',
      argv: line(`--scope debusine --silent collection list ${w} --yaml`),
    },
  ]
}

/** Options of the archive commands. */
function archiveOptionCases(ctx: CaseContext): Case[] {
  const w = `--workspace ${ctx.workspace}`
  return [
    { name: 'archive package list --workspace', argv: line(`archive package list ${w} --suite a --yaml`) },
    {
      name: 'archive package show, unknown package',
      argv: line(`archive package show --yaml ${w} --suite a nonexistent_1.0`),
    },
    {
      name: 'archive package remove --dry-run, unknown suite',
      argv: line(
        `archive package remove --yaml ${w} --suite nonexistent --dry-run --package-version 1.0 --binary --architecture amd64 nonexistent`,
      ),
    },
    {
      name: 'archive package copy --dry-run, unknown source',
      argv: line(
        `archive package copy --yaml --dry-run --from-workspace ${ctx.workspace} --from-suite a --to-workspace ${ctx.workspace} --to-suite b --source-version 1.0 --include-binaries --component main --section misc --priority optional --move --unembargo nonexistent`,
      ),
      // Both print the task data they would send; the Python client as a table only.
      stdout: 'ignore',
      allowed: ['archive-copy-dry-run'],
    },
    {
      name: 'archive suite create, unknown workspace',
      argv: line(
        'archive suite create --yaml --workspace nonexistent --component main --architecture amd64 --base-workflow-template nonexistent s',
      ),
    },
    {
      name: 'archive token grant, unknown workspace',
      argv: line(
        `archive token grant --yaml --workspace nonexistent --suite a --token ${token} --external-username u --comment c viewer`,
      ),
    },
    { name: 'archive token list --suite', argv: line(`archive token list --yaml ${w} --suite a`) },
    {
      name: 'archive token revoke, unknown token',
      argv: line(`archive token revoke --yaml ${w} --suite a ${token} viewer`),
    },
  ]
}

/**
 * The legacy flat names of the Python CLI, each run once, with `--yaml`: without it ours prints
 * YAML, as the 0.11.3 CLI that named them did, where 0.16.2 prints for humans.
 */
function legacyCases(ctx: CaseContext): Case[] {
  const file = (name: string): string => join(ctx.directory, name)
  const ok = file('ok.yaml')
  const empty = file('empty.yaml')
  // With --yaml, a local failure is a failure document on our stdout (kept difference).
  const yaml = (entry: Case): Case => ({
    ...entry,
    argv: entry.argv.includes('--yaml') ? entry.argv : [...entry.argv, '--yaml'],
    allowed: [...(entry.allowed ?? []), 'yaml-failure-document'],
  })
  const cases: Case[] = [
    { name: 'workspace-inheritance', argv: line('workspace-inheritance -w nonexistent') },
    { name: 'list-work-requests', argv: line('list-work-requests --limit 1 --yaml'), stdout: 'ignore' },
    { name: 'create-work-request', argv: line(`create-work-request -w nonexistent noop --data ${ok}`) },
    { name: 'manage-work-request', argv: line(`manage-work-request ${missing} --set-priority-adjustment 1`) },
    { name: 'retry-work-request', argv: line(`retry-work-request ${missing}`) },
    { name: 'abort-work-request', argv: line(`abort-work-request ${missing}`) },
    { name: 'provide-signature', argv: line(`provide-signature ${missing}`) },
    { name: 'on-work-request-completed', argv: line(`on-work-request-completed ${file('not-executable')}`) },
    { name: 'create-workflow', argv: line(`create-workflow -w nonexistent x --data ${ok}`) },
    { name: 'create-artifact', argv: line(`create-artifact -w nonexistent debusine:test --data ${empty}`) },
    { name: 'show-artifact', argv: line(`show-artifact ${missing}`) },
    { name: 'show-artifact-relations', argv: line(`show-artifact-relations ${missing}`) },
    { name: 'import-debian-artifact', argv: line(`import-debian-artifact ${file('file.txt')}`) },
    { name: 'download-artifact', argv: line(`download-artifact ${missing}`) },
    {
      name: 'create-asset',
      argv: line(`create-asset -w nonexistent debusine:cloud-provider-account --data ${empty}`),
    },
    { name: 'list-assets', argv: line(`list-assets --id ${missing}`) },
    {
      name: 'task-config-pull',
      argv: line(`task-config-pull -w nonexistent --workdir ${file('pull-legacy')}`),
    },
    { name: 'task-config-push', argv: line(`task-config-push --workdir ${file('empty')}`) },
  ]
  return cases.map(yaml)
}

/**
 * Every option of every command, mostly on paths that change nothing: the one list the
 * differential run and its coverage check both read.
 */
export function optionCases(ctx: CaseContext): Case[] {
  return [
    ...collectionOptionCases(ctx),
    ...workOptionCases(ctx),
    ...artifactOptionCases(ctx),
    ...archiveOptionCases(ctx),
    ...legacyCases(ctx),
  ]
}
