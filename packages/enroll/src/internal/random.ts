// Randomness from the Web Crypto API, present in Node.js, Deno, Bun and browsers alike.

/** `length` cryptographically random bytes. */
export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length))
}

/** A uniformly random integer in `[0, bound)`, for `bound` up to 2^32. */
export function randomIndex(bound: number): number {
  // Rejection sampling: a plain modulo would favour the low values.
  const limit = Math.floor(0x1_0000_0000 / bound) * bound
  const buffer = new Uint32Array(1)
  for (;;) {
    globalThis.crypto.getRandomValues(buffer)
    const value = buffer[0]!
    if (value < limit) return value % bound
  }
}

/** Bytes as URL-safe base64 without padding (RFC 4648 §5), as Python's `urlsafe_b64encode(...).rstrip('=')`. */
export function base64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}
