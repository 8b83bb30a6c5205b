import type { IncomingHttpHeaders } from 'node:http'
import type { Dispatcher } from 'undici'

/**
 * undici 7 crashes the process (an uncatchable `assert(!this.paused)` in its socket's `end`
 * handler) when its HTTP/1 parser is paused under backpressure right after the last byte of
 * an answer and the peer then closes the connection, as a proxy or server that closes after
 * each answer does. A pause is only needed while bytes of the body are still to come, so
 * this guard lets a reader pause then and never once the answer's last byte has arrived: the
 * bytes already taken stay buffered in the reader, as they are after any pause.
 *
 * A pause in the middle of a body cannot meet the close: the bytes still to come wait in the
 * socket, which does not signal its end before they are read. A body that ends only when the
 * connection closes (no length, not chunked) can never know its last byte: it never pauses.
 */
export const wholeAnswerGuard: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (options, handler) =>
  dispatch(options, new WholeAnswerGuard(String(options.method).toUpperCase(), handler))

/** How the body of an answer ends, from its status and headers. */
function bytesToCome(
  method: string,
  status: number,
  headers: IncomingHttpHeaders,
): number | 'chunked' | 'until-close' {
  if (method === 'HEAD' || status === 204 || status === 304 || (status >= 100 && status < 200)) return 0
  if (
    String(headers['transfer-encoding'] ?? '')
      .toLowerCase()
      .includes('chunked')
  )
    return 'chunked'
  const length = Number(headers['content-length'])
  return headers['content-length'] !== undefined && Number.isSafeInteger(length) ? length : 'until-close'
}

class WholeAnswerGuard implements Dispatcher.DispatchHandler {
  readonly #method: string
  readonly #inner: Dispatcher.DispatchHandler
  #toCome: number | 'chunked' | 'until-close' = 'chunked'
  #controller: { given: Dispatcher.DispatchController; guarded: Dispatcher.DispatchController } | undefined

  constructor(method: string, inner: Dispatcher.DispatchHandler) {
    this.#method = method
    this.#inner = inner
  }

  /** Whether a pause now could outlast the connection: nothing of the answer is left to arrive. */
  #complete(): boolean {
    return this.#toCome === 'until-close' || (typeof this.#toCome === 'number' && this.#toCome <= 0)
  }

  /** `controller`, whose `pause` is dropped once the answer is complete (one per controller). */
  #guarded(controller: Dispatcher.DispatchController): Dispatcher.DispatchController {
    if (this.#controller?.given === controller) return this.#controller.guarded
    const complete = (): boolean => this.#complete()
    const guarded: Dispatcher.DispatchController = {
      get aborted() {
        return controller.aborted
      },
      get paused() {
        return controller.paused
      },
      get reason() {
        return controller.reason
      },
      get rawHeaders() {
        return controller.rawHeaders
      },
      get rawTrailers() {
        return controller.rawTrailers
      },
      abort: (reason) => controller.abort(reason),
      pause: () => {
        if (!complete()) controller.pause()
      },
      resume: () => controller.resume(),
    }
    this.#controller = { given: controller, guarded }
    return guarded
  }

  onRequestStart(controller: Dispatcher.DispatchController, context: unknown): void {
    this.#inner.onRequestStart?.(this.#guarded(controller), context)
  }

  onRequestUpgrade(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
    socket: Parameters<NonNullable<Dispatcher.DispatchHandler['onRequestUpgrade']>>[3],
  ): void {
    this.#inner.onRequestUpgrade?.(controller, status, headers, socket)
  }

  onResponseStart(
    controller: Dispatcher.DispatchController,
    status: number,
    headers: IncomingHttpHeaders,
    message?: string,
  ): void {
    this.#toCome = bytesToCome(this.#method, status, headers)
    this.#inner.onResponseStart?.(this.#guarded(controller), status, headers, message)
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    if (typeof this.#toCome === 'number') this.#toCome -= chunk.length
    this.#inner.onResponseData?.(this.#guarded(controller), chunk)
  }

  onResponseEnd(controller: Dispatcher.DispatchController, trailers: IncomingHttpHeaders): void {
    this.#inner.onResponseEnd?.(controller, trailers)
  }

  onResponseError(controller: Dispatcher.DispatchController, error: Error): void {
    this.#inner.onResponseError?.(controller, error)
  }
}
