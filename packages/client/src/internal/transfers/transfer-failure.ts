import { ApiError, classifyNetworkFailure } from '@debusine-ts/transport'

/** A few words about why a request of a file transfer failed, for the transfer's message. */
export function describeFailure(error: unknown): string {
  if (ApiError.isInstance(error)) {
    const detail = typeof error.detail === 'string' && error.detail !== '' ? `: ${error.detail}` : ''
    return `HTTP ${error.status} ${error.title}${detail}`
  }
  return classifyNetworkFailure(error).reason
}
