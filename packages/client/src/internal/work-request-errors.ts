import { PermissionDeniedError } from '@debusine-ts/transport'

/**
 * The same 403 error with `hint` appended to its message, so that the user learns why the
 * server refused (Debusine's own 403 bodies are often the generic "You do not have
 * permission to perform this action."). Any other error is returned unchanged.
 */
export function explainPermissionDenied(error: unknown, hint: string): unknown {
  if (!PermissionDeniedError.isInstance(error)) return error
  return new PermissionDeniedError({
    status: error.status,
    method: error.method,
    url: error.url,
    title: error.title,
    detail: error.detail,
    validationErrors: error.validationErrors,
    requestId: error.requestId,
    hint,
    cause: error,
  })
}
