/**
 * A checkout of a tiny Debian source package (native, `hello-ts` 1.0), as the README
 * example's repository would be: the example's build step runs in it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Make the checkout; returns its directory (`<tmp>/hello-ts`, so the build lands in `<tmp>`). */
export function sourceCheckout(): string {
  const checkout = join(mkdtempSync(join(tmpdir(), 'debusine-ts-action-src-')), 'hello-ts')
  mkdirSync(join(checkout, 'debian/source'), { recursive: true })
  writeFileSync(join(checkout, 'hello.sh'), '#!/bin/sh\necho hello from debusine-ts\n')
  writeFileSync(join(checkout, 'debian/source/format'), '3.0 (native)\n')
  writeFileSync(
    join(checkout, 'debian/control'),
    [
      'Source: hello-ts',
      'Section: misc',
      'Priority: optional',
      'Maintainer: debusine-ts <debusine-ts@example.org>',
      'Standards-Version: 4.7.0',
      '',
      'Package: hello-ts',
      'Architecture: all',
      'Depends: ${misc:Depends}',
      'Description: hello from debusine-ts',
      ' A test package.',
      '',
    ].join('\n'),
  )
  writeFileSync(
    join(checkout, 'debian/changelog'),
    'hello-ts (1.0) unstable; urgency=medium\n\n  * Initial release.\n\n' +
      ' -- debusine-ts <debusine-ts@example.org>  Fri, 27 Nov 2026 00:00:00 +0000\n',
  )
  writeFileSync(join(checkout, 'debian/rules'), '#!/usr/bin/make -f\n%:\n\tdh $@\n', { mode: 0o755 })
  return checkout
}
