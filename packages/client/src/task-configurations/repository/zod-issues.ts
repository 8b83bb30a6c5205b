import type { z } from 'zod'

/** Render zod issues as `field: message (rule)`, joined by `; `, for repository errors. */
export function describeIssues(issues: readonly z.core.$ZodIssue[], prefix = ''): string {
  return issues
    .map((issue) => {
      const field = [prefix, ...issue.path.map(String)].filter((part) => part !== '').join('.')
      return `${field === '' ? '(value)' : field}: ${issue.message} (${issue.code})`
    })
    .join('; ')
}
