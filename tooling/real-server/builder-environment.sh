# shellcheck shell=bash
# Sourced by ./builder-up once the building worker is connected. Sets ENVIRONMENT_ID: the
# debian:system-tarball for sid/amd64 (backend unshare) in debian@debian:environments of
# debusine/System. When there is none, the server's own update_environments workflow builds
# it (its mmdebstrap child runs on the building worker) and adds it to the collection; it
# stays in the server's store, so later runs only look it up. It carries lintian: the lintian
# task installs it into the environment before each run otherwise (minutes of dpkg on 2 cores),
# and an environment without it is not taken.

environment_id() {  # the active environment's artifact id, or nothing
  admin shell <<'EOF' 2>/dev/null | grep -E '^env=' | cut -d= -f2
from debusine.db.models import Collection
c = Collection.objects.get(workspace__scope__name="debusine", workspace__name="System",
                           name="debian", category="debian:environments")
item = (c.child_items.filter(removed_at__isnull=True, data__codename="sid",
                             data__architecture="amd64", data__backend="unshare",
                             artifact__data__pkglist__has_key="lintian")
        .exclude(artifact=None).order_by("-id").first())
print(f"env={item.artifact_id if item else ''}")
EOF
}

api() {  # METHOD PATH [JSON]: as the builder user; prints the body
  curl -fsS --max-time 30 -X "$1" -H "Token: $BUILDER_TOKEN" -H 'Content-Type: application/json' \
    ${3:+--data "$3"} "$API_URL/1.0/$2"
}
json_field() {  # FIELD < JSON
  in_root python3 -c 'import json, sys; print(json.load(sys.stdin)[sys.argv[1]])' "$1"
}

ENVIRONMENT_ID=$(environment_id)
if [ -z "$ENVIRONMENT_ID" ]; then
  log "building the sid environment with the update_environments workflow (~2-4 minutes, once)"
  mirror=$(debian_mirror)
  data=$(cat <<EOF
{"task_name": "update_environments", "workspace": "System", "task_data": {
  "vendor": "debian",
  "targets": [{"codenames": "sid", "architectures": ["amd64"], "backends": ["unshare"],
    "mmdebstrap_template": {
      "bootstrap_options": {"variant": "buildd", "extra_packages": ["lintian"]},
      "bootstrap_repositories": [{"mirror": "$mirror", "components": ["main"]}]}}]}}
EOF
)
  # A run that gave up waiting left its workflow going: wait for that one instead of a second.
  workflow=$(cat "$STATE/builder-environment-workflow" 2>/dev/null || true)
  if [[ $workflow =~ ^[0-9]+$ ]] && api GET "work-request/$workflow/" | grep -qE '"status":"(pending|running)"'; then
    log "waiting for the update_environments workflow $workflow, started earlier"
  else
    workflow=$(api POST workflow/ "$data" | json_field id) || die "could not start the update_environments workflow"
    echo "$workflow" >"$STATE/builder-environment-workflow"
    log "update_environments workflow $workflow started"
  fi
  deadline=$((SECONDS + 900))
  while :; do
    status=$(api GET "work-request/$workflow/" | in_root python3 -c 'import json, sys; w = json.load(sys.stdin); print(w["status"], w["result"])')
    case $status in
      completed\ success) break ;;
      completed\ *|aborted\ *) tail -n 40 "$BUILDER_LOG" >&2; die "the update_environments workflow $workflow ended: $status (log: $BUILDER_LOG)" ;;
    esac
    builder_pid >/dev/null || die "the building worker died while building the environment (log: $BUILDER_LOG)"
    [ $SECONDS -lt $deadline ] || die "the update_environments workflow $workflow did not finish within 15 minutes ($status)"
    sleep 3
  done
  ENVIRONMENT_ID=$(environment_id)
  [ -n "$ENVIRONMENT_ID" ] || die "the update_environments workflow $workflow succeeded but debian@debian:environments has no sid environment"
  log "environment ready: artifact $ENVIRONMENT_ID, after $((SECONDS - T0)) s"
fi
