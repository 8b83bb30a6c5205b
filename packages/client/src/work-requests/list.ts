import { TaskType, ValidationError, WorkRequestStatus, type ValidationIssue } from '@debusine-ts/models'
import type { QueryParameters } from '@debusine-ts/transport'
import type { WorkRequestListFilters } from './list-filters.js'
import { idIssue } from '../internal/argument-checks.js'

function oneOf(
  issues: ValidationIssue[],
  field: string,
  value: unknown,
  allowed: Readonly<Record<string, string>>,
): void {
  if (value === undefined) return
  const values = Object.values(allowed)
  if (typeof value !== 'string' || !values.includes(value)) {
    issues.push({
      path: field,
      rule: 'invalid_value',
      message: `expected one of ${values.map((item) => JSON.stringify(item)).join(', ')}, got ${JSON.stringify(value)}`,
    })
  }
}

/**
 * The query of `GET /work-request/` for `filters`: `status`, `task_type`, `root_only=true`
 * and `ids=1,2,3`, the names 0.16.2 reads.
 *
 * @throws {ValidationError} naming the filter and rule that failed, before anything is sent
 */
export function workRequestListQuery(filters: WorkRequestListFilters = {}): QueryParameters {
  const issues: ValidationIssue[] = []
  const known = new Set(['status', 'taskType', 'rootOnly', 'ids'])
  for (const key of Object.keys(filters)) {
    if (!known.has(key)) {
      issues.push({
        path: key,
        rule: 'unrecognized_keys',
        message: `unknown filter "${key}": expected status, taskType, rootOnly or ids`,
      })
    }
  }
  oneOf(issues, 'status', filters.status, WorkRequestStatus)
  oneOf(issues, 'taskType', filters.taskType, TaskType)
  if (filters.rootOnly !== undefined && typeof filters.rootOnly !== 'boolean') {
    issues.push({ path: 'rootOnly', rule: 'invalid_type', message: 'expected a boolean' })
  }
  const ids: unknown = filters.ids
  if (ids !== undefined) {
    if (!Array.isArray(ids) || ids.length === 0) {
      issues.push({
        path: 'ids',
        rule: 'invalid_type',
        message: 'expected a non-empty list of work request ids',
      })
    } else {
      ids.forEach((id: unknown, index) => {
        const issue = idIssue(`ids.${index}`, id)
        if (issue !== undefined) issues.push(issue)
      })
    }
  }
  if (issues.length > 0) throw new ValidationError('WorkRequestListFilters', issues)
  return {
    status: filters.status,
    task_type: filters.taskType,
    root_only: filters.rootOnly === true ? 'true' : undefined,
    ids: filters.ids?.join(','),
  }
}

/**
 * The capability-table operation a list with `filters` needs: servers before the filters
 * existed ignore them and would list everything, so such a list is refused with
 * `ServerTooOldError` there (`ids`/`status` from 0.16.2, `taskType`/`rootOnly` from 0.16.0).
 */
export function workRequestListOperation(filters: WorkRequestListFilters = {}): string | undefined {
  if (filters.ids !== undefined || filters.status !== undefined)
    return 'workRequests.list filtered by ids or status'
  if (filters.taskType !== undefined || filters.rootOnly !== undefined) {
    return 'workRequests.list filtered by task type or root only'
  }
  return undefined
}
