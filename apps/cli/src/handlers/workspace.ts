import { inheritanceChainFromStrings, type InheritanceChainElement } from '@debusine-ts/models'
import { appendToInheritanceChain, removeFromInheritanceChain } from '@debusine-ts/client'
import {
  CliError,
  type HandlerOf,
  editAndApply,
  withYamlFailure,
  writeYamlFailure,
} from '@debusine-ts/cli-kit'
import type { workspaceCommands } from './workspace.commands.js'

type Element = Pick<InheritanceChainElement, 'id' | 'scope' | 'workspace'>

function plain(element: Element): Element {
  return { id: element.id ?? null, scope: element.scope ?? null, workspace: element.workspace ?? null }
}

/** A chain as the user edited it: a YAML list of mappings with id, scope and workspace keys. */
function editedChain(value: unknown): Element[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw new CliError('Data must be a list or empty')
  return value.map((item: unknown) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      throw new CliError(
        `each element must be a mapping with id, scope or workspace keys, not ${JSON.stringify(item)}`,
      )
    }
    const { id, scope, workspace } = item as Record<string, unknown>
    const text = (field: unknown): string | null => (typeof field === 'string' ? field : null)
    return { id: typeof id === 'number' ? id : null, scope: text(scope), workspace: text(workspace) }
  })
}

const editHelp = (workspace: string): string[] => [
  `Here you can configure the inheritance of workspace '${workspace}'.`,
  '',
  "This is a YAML list of mappings with 'id', 'scope' and 'workspace' keys: usually the",
  'workspace, and the scope only for a workspace outside the current scope. For example:',
  '',
  '- workspace: base',
  '- scope: some-other-scope',
  '  workspace: foobar',
]

/**
 * `workspace inheritance`: print the chain, after applying --append, --prepend, --remove
 * and --set in that order (sent only if it changed), or after editing it with --edit.
 * YAML `{links, chain}` as the Python client.
 */
export const inheritance: HandlerOf<typeof workspaceCommands.inheritance> = async (context, values) => {
  const client = await context.client()
  // As the Python client: the (deprecated) positional wins over --workspace.
  const workspace = await context.workspace(values.workspaceArgument ?? values.workspace)
  const current = await withYamlFailure(context.io, () =>
    client.workspaces.getInheritance(workspace, { signal: context.signal }),
  )
  const before = current.chain.map(plain)
  const appended = appendToInheritanceChain(before, values.append ?? [])
  const prepended = appendToInheritanceChain(values.prepend ?? [], appended)
  let chain = removeFromInheritanceChain(prepended, values.remove ?? [])
  if (values.set !== undefined) chain = inheritanceChainFromStrings(values.set)
  const apply = (elements: readonly Element[]) =>
    client.workspaces.setInheritance(workspace, elements, { signal: context.signal })
  const { io } = context
  let result = current
  if (values.edit) {
    result =
      (await editAndApply(context.io, before, {
        help: editHelp(workspace),
        check: editedChain,
        apply,
        // As the Python client: the refusal as a YAML document, then the question.
        report: (error) => writeYamlFailure(io, error),
        what: 'workspace inheritance',
      })) ?? current
  } else if (JSON.stringify(chain) !== JSON.stringify(before)) {
    result = await withYamlFailure(io, () => apply(chain), 'Error setting inheritance:')
  }
  await context.print({ json: result, yaml: { links: result.links, chain: result.chain.map(plain) } })
}
