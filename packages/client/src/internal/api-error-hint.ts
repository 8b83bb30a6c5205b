import { PermissionDeniedError, type ApiError, type ApiErrorInit } from '@debusine-ts/transport'

/**
 * The fields of `error` for building the same error again with `hint` appended to its
 * message, so that the user learns why the server refused (Debusine's own bodies are often
 * generic, e.g. "You do not have permission to perform this action.").
 */
export function withHint(error: ApiError, hint: string): ApiErrorInit {
  return {
    status: error.status,
    method: error.method,
    url: error.url,
    title: error.title,
    detail: error.detail,
    validationErrors: error.validationErrors,
    requestId: error.requestId,
    hint: error.hint === undefined ? hint : `${error.hint} ${hint}`,
    cause: error,
  }
}

/** The same 403 error with `hint` in its message; any other error unchanged. */
export function explainPermissionDenied(error: unknown, hint: string): unknown {
  return PermissionDeniedError.isInstance(error) ? new PermissionDeniedError(withHint(error, hint)) : error
}

/**
 * Run `call`; when the server refuses it with 403, throw that error again with `hint` in its
 * message (the one place a resource explains a refusal). Any other error passes unchanged.
 */
export async function explainingRefusal<T>(hint: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    throw explainPermissionDenied(error, hint)
  }
}
