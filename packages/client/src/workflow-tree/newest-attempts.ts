import type { WorkflowTreeNode } from './tree.js'

const attemptKey = (node: WorkflowTreeNode): string => {
  const step = (node.request.workflow_data ?? {})['step']
  return `${node.parent}/${node.taskType}/${node.taskName}/${typeof step === 'string' ? step : ''}`
}

/**
 * The newest node of each (parent, task, workflow step) group, in the tree's order: a retry
 * makes a new work request beside the one it replaces, so only a group's highest id is the
 * task's state.
 */
export function newestAttempts(nodes: readonly WorkflowTreeNode[]): WorkflowTreeNode[] {
  const newest = new Map<string, WorkflowTreeNode>()
  for (const node of nodes) {
    const known = newest.get(attemptKey(node))
    if (known === undefined || known.id < node.id) newest.set(attemptKey(node), node)
  }
  return nodes.filter((node) => newest.get(attemptKey(node)) === node)
}
