#!/usr/bin/env bash
# One command of each kind the CLI has, run from a scratch project where the packed tarballs
# are installed (as `npm install @debusine-ts/cli` leaves them), against the local real server,
# each checked by the server's state or the files it left, not only by its exit code:
# YAML from a file and from stdin, an upload, a download, a list, a wait and a completion
# listener. Called by check-packages.sh once per Node.
# Usage: installed-cli-flow.sh PROJECT_DIRECTORY NODE   (the real server's env exported; as root)
set -euo pipefail
project=$1
runtime=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/debusine-ts-installed-XXXXXX")
trap 'kill "${listener:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
version=$("$runtime" --version)
say() { printf '[packaging] %s: %s\n' "$version" "$*"; }
fail() { say "FAILED: $*" >&2; exit 1; }
# A workspace of its own, so that the newest work request listed is this flow's.
workspace=$("$(dirname "${BASH_SOURCE[0]}")/../real-server/workspace" "installed-$(date +%s%N)")
bash "$(dirname "${BASH_SOURCE[0]}")/../scripts/write-config-ini.sh" "$work/config.ini" \
  "$DEBUSINE_TS_API_URL" "$DEBUSINE_TS_SCOPE" "$workspace" "$DEBUSINE_TS_TOKEN"
cli() { PATH="$(dirname "$runtime"):$PATH" "$project/node_modules/.bin/debusine-ts" --config-file "$work/config.ini" "$@"; }
# A field of the JSON document on stdin, e.g. `field id`.
field() { "$runtime" -e 'let t = ""; process.stdin.on("data", (c) => (t += c)).on("end", () => console.log(JSON.parse(t)[process.argv[1]]))' "$1"; }

# YAML from a file: the task data the server stored is the data the file held (a noop that
# will fail, so that it differs from the one created from stdin below).
printf 'result: failure\n' >"$work/data.yaml"
from_file=$(cli work-request create noop --data "$work/data.yaml" --json | field id)
[ "$(cli work-request show "$from_file" --json | "$runtime" -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).task_data.result')" = failure ] ||
  fail "work-request create --data FILE: the server's task data is not the file's"
say "work-request create --data FILE (YAML from a file): work request $from_file holds the file's task data"

# A completion listener, started before the work request whose completion it must run its command for.
printf '#!/bin/sh\necho "$@" >> %s\n' "$work/completed.log" >"$work/hook.sh"
chmod 755 "$work/hook.sh"
printf '{"last_completed_at": "%s"}\n' "$(date -u +%Y-%m-%dT%H:%M:%S.000000+00:00)" >"$work/state.json"
# exec: $! is the CLI's own process, which the SIGTERM below must reach.
(exec env PATH="$(dirname "$runtime"):$PATH" "$project/node_modules/.bin/debusine-ts" --config-file "$work/config.ini" \
  work-request on-completed "$work/hook.sh" --workspace "$workspace" --last-completed-at "$work/state.json" \
  >"$work/listener.out" 2>&1) &
listener=$!

# YAML from stdin, then a wait: --wait returns when the server says the work request completed.
waited=$(printf 'result: success\n' | cli work-request create noop --wait --timeout 300 --json)
waited_id=$(field id <<<"$waited")
[ "$(cli work-request show "$waited_id" --json | field status)" = completed ] ||
  fail "work-request create --wait returned before work request $waited_id completed"
say "work-request create --wait (YAML from stdin): work request $waited_id is completed on the server"

for _ in $(seq 120); do
  grep -q "^$waited_id " "$work/completed.log" 2>/dev/null && break
  kill -0 "$listener" 2>/dev/null || fail "on-completed exited: $(cat "$work/listener.out")"
  sleep 0.5
done
grep -q "^$waited_id success" "$work/completed.log" || fail "on-completed never ran its command for $waited_id: $(cat "$work/listener.out")"
# SIGTERM, as a service manager stops it (a background job of a script ignores SIGINT).
kill -TERM "$listener"
wait "$listener" || fail "on-completed did not exit 0 on SIGTERM: $(cat "$work/listener.out")"
listener=
say "work-request on-completed: ran its command for work request $waited_id, and stopped on SIGTERM"

# A list: the newest work request of the workspace is the one just waited for.
[ "$(cli work-request list --limit 1 --json | "$runtime" -p 'JSON.parse(require("fs").readFileSync(0, "utf8"))[0].id')" = "$waited_id" ] ||
  fail "work-request list --limit 1 does not start with the newest work request $waited_id"
say "work-request list: newest first, work request $waited_id"

# An upload and a download: the bytes that come back are the bytes sent.
mkdir -p "$work/upload"
head -c 3000000 /dev/urandom >"$work/upload/payload.bin"
artifact=$(cd "$work/upload" && cli artifact create debusine:test --upload payload.bin --json | field artifact_id)
[ "$(cli artifact show "$artifact" --json | "$runtime" -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).files_to_upload.length')" = 0 ] ||
  fail "artifact create: artifact $artifact still has files to upload"
mkdir "$work/download"
cli artifact download "$artifact" --target-directory "$work/download" >/dev/null
cmp "$work/upload/payload.bin" "$work/download/payload.bin" || fail "artifact download: payload.bin differs from what was uploaded"
say "artifact create --upload and artifact download: artifact $artifact, 3 MB back byte for byte"
