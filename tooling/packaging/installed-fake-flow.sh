#!/usr/bin/env bash
# The fake server as it ships: the installed `debusine-ts-fake` bin started on a free port,
# then a round trip of the installed CLI against it (a work request created from YAML on
# stdin, completed through the control API with its token, then read back), checked by what
# the fake answers. Called by check-packages.sh.
# Usage: installed-fake-flow.sh PROJECT_DIRECTORY NODE
set -euo pipefail
project=$1
runtime=$2
work=$(mktemp -d "${TMPDIR:-/tmp}/debusine-ts-fake-XXXXXX")
trap 'kill "${fake:-}" 2>/dev/null || true; rm -rf "$work"' EXIT
say() { printf '[packaging] fake server: %s\n' "$*"; }
fail() { say "FAILED: $*" >&2; exit 1; }
run() { PATH="$(dirname "$runtime"):$PATH" "$@"; }
# A field of the JSON document on stdin.
field() { "$runtime" -e 'let t = ""; process.stdin.on("data", (c) => (t += c)).on("end", () => console.log(JSON.parse(t)[process.argv[1]]))' "$1"; }

mkfifo "$work/ready"
run "$project/node_modules/.bin/debusine-ts-fake" --port 0 >"$work/ready" &
fake=$!
read -r line <"$work/ready" || fail "the bin printed no ready line"
api=$(field apiUrl <<<"$line")
curl -sf "${api%/api}/healthz" >/dev/null || fail "GET /healthz of $api did not answer"
bash "$(dirname "${BASH_SOURCE[0]}")/../scripts/write-config-ini.sh" "$work/config.ini" \
  "$api" "$(field scope <<<"$line")" "$(field workspace <<<"$line")" "$(field token <<<"$line")"
cli() { run "$project/node_modules/.bin/debusine-ts" --config-file "$work/config.ini" "$@"; }
id=$(printf 'result: success\n' | cli work-request create noop --data - --json | field id)
[ "$(cli work-request show "$id" --json | field task_name)" = noop ] || fail "work request $id does not read back as a noop"
# The control API: refused without the fake's control token, obeyed with it.
complete="${api%/api}/-/fake/work-request/$id/complete/"
status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H 'Content-Type: application/json' -d '{}' "$complete")
[ "$status" = 401 ] || fail "the control API answered $status without its token (expected 401)"
curl -sf -X POST -H "X-Fake-Control-Token: $(field controlToken <<<"$line")" -H 'Content-Type: application/json' \
  -d '{"result": "success"}' "$complete" >/dev/null || fail "the control API refused the fake's own control token"
[ "$(cli work-request show "$id" --json | field status)" = completed ] || fail "work request $id did not complete"
say "the installed debusine-ts-fake answered the installed CLI (work request $id created, completed through the control API, read back)"
