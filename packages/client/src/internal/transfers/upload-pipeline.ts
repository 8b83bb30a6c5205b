/** One file's upload: it calls `bodySent` once every byte of its body was handed to the connection. */
export type PipelinedUpload = (bodySent: () => void) => Promise<void>

/** How many uploads {@link runPipelined} keeps going at once. */
export interface PipelineLimits {
  /** Uploads still sending their bodies. */
  sending: number
  /** Uploads started and not ended: sending, or waiting for the server's answer. */
  started: number
}

/**
 * Run `uploads` in order, the next one starting as soon as fewer than `limits.sending`
 * are still sending their bodies and fewer than `limits.started` have not ended.
 *
 * Why: Debusine reads a PUT's whole body before its view runs, which then copies the file
 * and checks its hash without reading the network; waiting for that answer before sending
 * the next body leaves the connection idle meanwhile. The first
 * failure stops the starts; it is thrown once every started upload has ended.
 */
export function runPipelined(uploads: readonly PipelinedUpload[], limits: PipelineLimits): Promise<void> {
  return new Promise((resolve, reject) => {
    let next = 0
    let sending = 0
    let started = 0
    let failure: Error | undefined
    const settleOrStartMore = (): void => {
      while (failure === undefined && next < uploads.length) {
        if (sending >= limits.sending || started >= limits.started) return
        next += 1
        start(uploads[next - 1] as PipelinedUpload)
      }
      if (started > 0) return
      if (failure === undefined) resolve()
      else reject(failure)
    }
    const start = (upload: PipelinedUpload): void => {
      sending += 1
      started += 1
      let stillSending = true
      const bodySent = (): void => {
        if (!stillSending) return
        stillSending = false
        sending -= 1
        settleOrStartMore()
      }
      upload(bodySent)
        .catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error))
        })
        .finally(() => {
          started -= 1
          if (stillSending) {
            stillSending = false
            sending -= 1
          }
          settleOrStartMore()
        })
    }
    settleOrStartMore()
  })
}
