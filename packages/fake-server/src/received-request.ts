/** A request the fake received, as the control API lists it for assertions. */
export interface ReceivedRequest {
  method: string
  /** The path and query, as sent. */
  target: string
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>
  /** The body as text when it is JSON, else null (uploads): see `bodyLength`. */
  bodyText: string | null
  bodyLength: number
}
