#!/usr/bin/env bash
# The README's main job: a real flow through the `debusine-ts` CLI against the local real
# server. It builds a small Debian source package with dpkg-source, uploads it as an
# artifact, starts a work request and follows it live until it completes, lists the
# workspace's recent work requests, downloads the artifact back and checks every byte.
# Run it through `tooling/run main` (which installs, builds and brings the server up).
# Usage: main-job.sh ENV_FILE
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck disable=SC1090  # the env file written by tooling/real-server/up
. "$1"
work=$(mktemp -d /tmp/debusine-ts-main-XXXXXX)
step() { printf '\n== %s\n' "$*"; }
cli() {
  printf '$ debusine-ts %s\n' "$*" >&2
  node "$repo/apps/cli/dist/bin.js" --config-file "$work/config.ini" "$@"
}

# The same config.ini the Python client reads, for the local server.
bash "$repo/tooling/scripts/write-config-ini.sh" "$work/config.ini" \
  "$DEBUSINE_TS_API_URL" "$DEBUSINE_TS_SCOPE" "$DEBUSINE_TS_WORKSPACE" "$DEBUSINE_TS_TOKEN"

step "Build a Debian source package with dpkg-source"
tree="$work/hello-ts-1.0"
mkdir -p "$tree/debian/source"
printf '#!/bin/sh\necho hello from debusine-ts\n' >"$tree/hello.sh"
printf '3.0 (native)\n' >"$tree/debian/source/format"
cat >"$tree/debian/control" <<'CONTROL'
Source: hello-ts
Section: misc
Priority: optional
Maintainer: debusine-ts <debusine-ts@example.org>
Standards-Version: 4.7.0

Package: hello-ts
Architecture: all
Description: greets
 A demo package of the debusine-ts main job.
CONTROL
cat >"$tree/debian/changelog" <<'CHANGELOG'
hello-ts (1.0) unstable; urgency=medium

  * Demo upload of the debusine-ts main job.

 -- debusine-ts <debusine-ts@example.org>  Sun, 22 Nov 2026 12:00:00 +0000
CHANGELOG
printf '#!/usr/bin/make -f\n%%:\n\tdh $@\n' >"$tree/debian/rules"
chmod 755 "$tree/debian/rules"
(cd "$work" && dpkg-source -b hello-ts-1.0 >/dev/null)
ls -l "$work"/hello-ts_1.0.*

step "Upload it as an artifact"
cli artifact import-debian --json "$work/hello-ts_1.0.dsc" | tee "$work/import.json"
artifact=$(node -e 'const o = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")); console.log(o.artifact_id ?? o.id ?? "")' "$work/import.json")
[ -n "$artifact" ] || { echo "no artifact id in the output above" >&2; exit 1; }

step "Start a work request and follow it live until it completes"
echo 'result: success' | cli work-request create noop --wait --timeout 300

step "Recent work requests (newest first)"
cli work-request list --limit 5

step "Download artifact $artifact back and compare"
mkdir "$work/download"
cli artifact download "$artifact" --target-directory "$work/download"
for file in "$work"/hello-ts_1.0.dsc "$work"/hello-ts_1.0.tar.xz; do
  cmp "$file" "$work/download/$(basename "$file")"
done
printf '\nEvery downloaded file is identical to the uploaded one (%s).\n' "$work/download"
