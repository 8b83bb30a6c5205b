/**
 * The server's clock as a client sees it, from the `Date` header of its answers: how far it
 * is ahead of this machine's, a lower bound (`Date` is truncated to the second and sent
 * before the answer travelled).
 */
export class ServerClock {
  #offset: number | undefined

  /** Take the `Date` header of an answer just received. */
  note(date: string | null): void {
    const serverTime = date === null ? NaN : Date.parse(date)
    if (!Number.isNaN(serverTime)) this.#offset = serverTime - Date.now()
  }

  /** Milliseconds the server's clock is ahead of this machine's; `undefined` before any answer. */
  get offset(): number | undefined {
    return this.#offset
  }
}
