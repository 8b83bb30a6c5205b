import type { OutputStream } from './io.js'

function size(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]!}`
}

/** A progress bar on a terminal; does nothing on other streams. */
export interface ProgressBar {
  /** Show `loaded` of `total` bytes (total unknown: bytes only). */
  update(label: string, loaded: number, total: number | undefined): void
  /** Erase the bar. */
  done(): void
}

/**
 * A progress bar on `stream` when it is a terminal and output is not silenced; a no-op
 * otherwise (pipes and logs get no control characters). Redraws at most 10 times a second.
 */
export function progressBar(stream: OutputStream, enabled: boolean): ProgressBar {
  if (!enabled || stream.isTTY !== true) return { update: () => undefined, done: () => undefined }
  let last = 0
  let shown = false
  return {
    update(label, loaded, total) {
      const now = Date.now()
      const finished = total !== undefined && loaded >= total
      if (now - last < 100 && !finished) return
      last = now
      const width = Math.max(20, (stream.columns ?? 80) - 1)
      const counts = total === undefined ? size(loaded) : `${size(loaded)}/${size(total)}`
      const percent = total === undefined || total === 0 ? '' : ` ${Math.floor((loaded / total) * 100)}%`
      const barWidth = Math.max(0, Math.min(30, width - label.length - counts.length - percent.length - 6))
      const filled = total === undefined || total === 0 ? 0 : Math.round((loaded / total) * barWidth)
      const bar = barWidth > 0 ? ` [${'#'.repeat(filled)}${' '.repeat(barWidth - filled)}]` : ''
      const line = `${label}${bar}${percent} ${counts}`.slice(0, width)
      stream.write(`\r${line}\u001b[K`)
      shown = true
    },
    done() {
      if (shown) stream.write('\r\u001b[K')
      shown = false
    },
  }
}
