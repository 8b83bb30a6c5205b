#!/usr/bin/env bash
# The CI action as it ships: its packed tarball's dist/index.js run as a runner runs it
# (INPUT_* variables with their hyphens, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY, RUNNER_TEMP, no
# stdin, nothing else in the environment), waiting for a real noop work request on the local
# real server; checked by the outputs file and the summary it wrote, not only its exit status.
# Called by check-packages.sh.
# Usage: installed-action-flow.sh ACTION_TARBALL PROJECT_DIRECTORY NODE   (the real server's env exported)
set -euo pipefail
tarball=$1
project=$2
runtime=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/debusine-ts-action-XXXXXX")
trap 'rm -rf "$work"' EXIT
say() { printf '[packaging] action: %s\n' "$*"; }
fail() { say "FAILED: $*" >&2; exit 1; }
workspace=$("$(dirname "${BASH_SOURCE[0]}")/../real-server/workspace" "action-$(date +%s%N)")
tar -xzf "$tarball" -C "$work"
[ -f "$work/package/action.yml" ] || fail "the tarball has no action.yml"

# The work request to wait for, made with the installed CLI.
bash "$(dirname "${BASH_SOURCE[0]}")/../scripts/write-config-ini.sh" "$work/config.ini" \
  "$DEBUSINE_TS_API_URL" "$DEBUSINE_TS_SCOPE" "$workspace" "$DEBUSINE_TS_TOKEN"
printf 'result: success\n' >"$work/data.yaml"
id=$(PATH="$(dirname "$runtime"):$PATH" "$project/node_modules/.bin/debusine-ts" --config-file "$work/config.ini" \
  work-request create noop --data "$work/data.yaml" --json |
  "$runtime" -e 'let t = ""; process.stdin.on("data", (c) => (t += c)).on("end", () => console.log(JSON.parse(t).id))')

mkdir -p "$work/runner"
: >"$work/runner/output"
: >"$work/runner/summary"
status=0
(cd "$work/runner" && env -i PATH="$(dirname "$runtime"):/usr/bin:/bin" HOME="$work/runner" CI=true GITHUB_ACTIONS=true \
  RUNNER_TEMP="$work/runner" GITHUB_OUTPUT="$work/runner/output" GITHUB_STEP_SUMMARY="$work/runner/summary" \
  "INPUT_API-URL=$DEBUSINE_TS_API_URL" "INPUT_SCOPE=$DEBUSINE_TS_SCOPE" "INPUT_TOKEN=$DEBUSINE_TS_TOKEN" \
  INPUT_MODE=wait "INPUT_ID=$id" INPUT_TIMEOUT=600 INPUT_POLL-INTERVAL=5 INPUT_CHILDREN=all \
  "$runtime" "$work/package/dist/index.js" </dev/null >"$work/stdout") || status=$?
[ "$status" = 0 ] || { cat "$work/stdout" >&2; fail "exit status $status waiting for work request $id"; }
head -n 1 "$work/stdout" | grep -qxF "::add-mask::$DEBUSINE_TS_TOKEN" || fail "the token was not masked first"

# The outputs, read as the runner reads GITHUB_OUTPUT (name<<DELIMITER, value, DELIMITER).
outputs=$("$runtime" -e '
const lines = require("fs").readFileSync(process.argv[1], "utf8").split("\n"), out = {}
for (let i = 0; i < lines.length; i++) {
  const m = /^([^<=]+)<<(.+)$/.exec(lines[i]); if (!m) continue
  const end = lines.indexOf(m[2], i + 1); out[m[1]] = lines.slice(i + 1, end).join("\n"); i = end
}
console.log([out.id, out.status, out.result, out.url].join(" "))' "$work/runner/output")
web="${DEBUSINE_TS_API_URL%/api}/$DEBUSINE_TS_SCOPE/$workspace/work-request/$id/"
[ "$outputs" = "$id completed success $web" ] || fail "outputs: '$outputs', expected '$id completed success $web'"
grep -qxF "## ✅ Debusine work request #$id: completed, success" "$work/runner/summary" ||
  fail "the summary has no success heading for work request $id: $(cat "$work/runner/summary")"
grep -qF "| Work request | [#$id noop]($web) |" "$work/runner/summary" || fail "the summary does not link work request $id"
say "the packed dist/index.js waited for work request $id: exit 0, outputs and summary as expected"
