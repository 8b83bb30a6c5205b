import {
  inheritanceChainElementMatches,
  parseInheritanceChainElement,
  type InheritanceChainElement,
} from '@debusine-ts/models'
import type { CommandContext } from '../command-context.js'

type Element = Pick<InheritanceChainElement, 'id' | 'scope' | 'workspace'>

function plain(element: Element): Element {
  return { id: element.id ?? null, scope: element.scope ?? null, workspace: element.workspace ?? null }
}

/**
 * `workspace inheritance`: print the chain, after applying --append, --prepend, --remove
 * and --set in that order (sent only if it changed). YAML `{links, chain}` as the Python client.
 */
export async function inheritance(context: CommandContext): Promise<undefined> {
  const client = await context.client()
  const workspace =
    context.string('workspace') ??
    (context.arguments.WORKSPACE as string | undefined) ??
    (await context.workspace())
  const current = await client.workspaces.getInheritance(workspace, { signal: context.signal })
  const before = current.chain.map(plain)
  let chain = [...before]
  const parse = (items: string[]): Element[] => items.map((item) => plain(parseInheritanceChainElement(item)))
  chain = [...chain, ...parse(context.strings('append'))]
  chain = [...parse(context.strings('prepend')), ...chain]
  const removals = parse(context.strings('remove'))
  chain = chain.filter(
    (element) => !removals.some((pattern) => inheritanceChainElementMatches(pattern, element)),
  )
  if (context.options.set !== undefined) chain = parse(context.strings('set'))
  let result = current
  if (JSON.stringify(chain) !== JSON.stringify(before)) {
    result = await client.workspaces.setInheritance(workspace, chain, { signal: context.signal })
  }
  context.print({ json: result, yaml: { links: result.links, chain: result.chain.map(plain) } })
  return undefined
}
