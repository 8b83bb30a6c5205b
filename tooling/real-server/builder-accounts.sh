# shellcheck shell=bash
# Sourced by ./builder-up. Makes sure these exist, once (recorded in $BUILDER_STATE), and sets
# BUILDER_TOKEN:
#   user "builder", in group debusine/testers (owner of every workspace of the scope) and in
#     group debusine/builders;
#   worker realserver-builder, pre-created (so it comes up enabled) and requiring the task tag
#     of group debusine/builders: it only takes tasks created by members of that group, so
#     the tasks other tests leave pending on purpose stay pending;
#   collection debian@debian:environments in debusine/System, where the environments go.
BUILDER_STATE=$STATE/builder
BUILDER_LEVEL=1   # bump when the set-up below changes, to run it again
BUILDER_TOKEN='' BUILDER_DONE=0
# shellcheck disable=SC1090  # written by us just below
[ -s "$BUILDER_STATE" ] && . "$BUILDER_STATE"

if [ "$BUILDER_DONE" != "$BUILDER_LEVEL" ]; then
  log "creating the builder's user, group, worker and environments collection (~30 s, once)"
  admin list_users | grep -qw "$BUILDER_USER" || admin create_user "$BUILDER_USER" "$BUILDER_USER@example.org" >/dev/null
  admin group create "debusine/$BUILDER_GROUP" >/dev/null
  admin group members "debusine/$BUILDER_GROUP" --set "$BUILDER_USER" >/dev/null
  # --add fails when the user is already a member (and --set would drop the others)
  admin group members debusine/testers --yaml | grep -qw "$BUILDER_USER" \
    || admin group members debusine/testers --add "$BUILDER_USER" >/dev/null
  activation=$(admin worker create "$BUILDER_NAME" | tail -n 1)
  [[ $activation =~ ^[0-9a-f]{64}$ ]] || die "worker create printed no token"
  (umask 077; printf '%s\n' "$activation" >"$BUILDER_ETC/activation-token")
  rm -f "$BUILDER_ETC/token"
  admin shell <<EOF >&2
from debusine.db.models import Collection, Scope, Worker, Workspace
scope = Scope.objects.get(name="debusine")
# "worker create" gives a name in use a -2 suffix: after an interrupted set-up, the newest
# worker takes the name and the older ones are renamed out of the way.
workers = list(Worker.objects.filter(name__startswith="$BUILDER_NAME").order_by("-id"))
worker = workers[0]
for old in workers[1:]:
    old.name = f"retired-{old.id}-{old.name}"
    old.save()
worker.name = "$BUILDER_NAME"
worker.static_metadata = {"required_tags": ["task:group:debusine::$BUILDER_GROUP"]}
worker.save()
system = Workspace.objects.get(scope=scope, name="System")
Collection.objects.get_or_create(
    workspace=system, name="debian", category="debian:environments", defaults={"data": {}}
)
EOF
  BUILDER_TOKEN=$(admin create_token "$BUILDER_USER" --comment debusine-ts-builder | tail -n 1)
  [[ $BUILDER_TOKEN =~ ^[0-9a-f]{64}$ ]] || die "create_token $BUILDER_USER printed no token"
  BUILDER_DONE=$BUILDER_LEVEL
  (umask 077; printf 'BUILDER_DONE=%s\nBUILDER_TOKEN=%s\n' "$BUILDER_DONE" "$BUILDER_TOKEN" >"$BUILDER_STATE")
fi
