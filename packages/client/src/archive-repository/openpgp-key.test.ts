import { describe, expect, it } from 'vitest'
import { dearmorPublicKey, keyFingerprint, openPgpPackets, publicKeyPackets } from './openpgp-key.js'

// A key the harness's signing worker made (ed25519, one user id, one self-signature).
const ARMORED = [
  '-----BEGIN PGP PUBLIC KEY BLOCK-----',
  '',
  'mDMEaxAa2RYJKwYBBAHaRw8BAQdAFsE6pj9Ex730tSK0mvN5Nham2NAMY+3AgwTl',
  '9kanbAq0OUFyY2hpdmUgc2lnbmluZyBrZXkgZm9yIGRlYnVzaW5lL3BpcGVsaW5l',
  'LW14NjVqanZtLTZmMmMwNoiQBBMWCgA4FiEEO2yxD1dkGMYz10XKxp1b0PVDlsAF',
  'AmsQGtkCGwMFCwkIBwIGFQoJCAsCBBYCAwECHgECF4AACgkQxp1b0PVDlsDW9gD/',
  'SehqL6/5G6cLxPHsYvFjd8qrlNTB//29bSp3YEHKH68BANx8klkmNUn6RlP6NyFX',
  'SHJIbLCBYQgOi3XPBu8UnVIB',
  '=SCYy',
  '-----END PGP PUBLIC KEY BLOCK-----',
].join('\n')

const EMPTY = '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n=twTO\n-----END PGP PUBLIC KEY BLOCK-----\n'

describe('OpenPGP packet headers', () => {
  it('finds the public key, its user id and signature, and the fingerprint gpg shows', () => {
    const binary = dearmorPublicKey(ARMORED)
    expect(openPgpPackets(binary).map((packet) => packet.tag)).toEqual([6, 13, 2])
    const [key] = publicKeyPackets(binary)
    expect(keyFingerprint(key!)).toBe('3B6CB10F576418C633D745CAC69D5BD0F54396C0')
  })

  it('finds no key in an empty block, in text that is no key, and in a truncated packet', () => {
    expect(publicKeyPackets(dearmorPublicKey(EMPTY))).toEqual([])
    expect(publicKeyPackets(dearmorPublicKey('<html>404</html>'))).toEqual([])
    expect(publicKeyPackets(dearmorPublicKey(ARMORED).subarray(0, 20))).toEqual([])
  })

  it('reads old-format headers and new-format partial lengths', () => {
    const body = new Uint8Array([4, 1, 2, 3])
    // Old format, tag 6, one-byte length.
    expect(openPgpPackets(new Uint8Array([0x98, 4, ...body]))).toEqual([{ tag: 6, body: Buffer.from(body) }])
    // New format, tag 6, a partial chunk of 2 bytes (0xE1) then a final length of 2.
    expect(
      openPgpPackets(new Uint8Array([0xc6, 0xe1, 4, 1, 2, 2, 3])).map((packet) => [...packet.body]),
    ).toEqual([[4, 1, 2, 3]])
  })
})
