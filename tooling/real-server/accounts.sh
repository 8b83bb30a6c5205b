# shellcheck shell=bash
# Sourced by ./up once the API answers. Makes sure these exist and sets TOKEN,
# NOROLE_TOKEN, DISABLED_TOKEN, WEB_PASSWORD:
#   testuser  in group debusine/testers, which is owner of workspace debusine/System and of
#             scope debusine (so it may also create collections in new workspaces);
#   norole    a user with no role anywhere (for permission errors);
#   a token of norole that is disabled (the server treats it as anonymous).
# Every debusine-admin call costs 2-4 s, so what was done is recorded in $ACCOUNTS and
# only checked over HTTP (whoami, web login) on later runs.
ACCOUNTS=$STATE/accounts
ACCOUNTS_LEVEL=1   # bump when the set-up below changes, to run it again
TOKEN='' NOROLE_TOKEN='' DISABLED_TOKEN='' WEB_PASSWORD='' DONE_LEVEL=0
# shellcheck disable=SC1090  # written by us just below
[ -s "$ACCOUNTS" ] && . "$ACCOUNTS"

whoami_user() {  # TOKEN -> user name the server sees ("" when anonymous or on error)
  local json
  json=$(in_root curl -fsS --max-time 10 -H "Token: $1" "$API_URL/1.0/whoami/" 2>/dev/null) || return 0
  [[ $json =~ \"auth\":true ]] && [[ $json =~ \"user\":\"([^\"]*)\" ]] && echo "${BASH_REMATCH[1]}" || true
}
new_token() {  # USER -> prints a new enabled token
  local token
  token=$(admin create_token "$1" --comment debusine-ts | tail -n 1)
  [[ $token =~ ^[0-9a-f]{64}$ ]] || die "create_token $1 printed no token"
  echo "$token"
}
web_login_ok() {  # the password (from the environment, not argv) logs testuser in
  in_root env WEB_PASSWORD="$WEB_PASSWORD" sh -c '
    jar=$(mktemp); trap "rm -f $jar" EXIT
    curl -fsS --max-time 10 -c "$jar" -b "$jar" -o /dev/null "$1/-/login/" || exit 1
    csrf=$(awk "\$6 == \"csrftoken\" { print \$7 }" "$jar")
    code=$(curl -sS --max-time 10 -c "$jar" -b "$jar" -o /dev/null -w "%{http_code}" \
      --data-urlencode "csrfmiddlewaretoken=$csrf" --data-urlencode username=testuser \
      --data-urlencode "password=$WEB_PASSWORD" "$1/-/login/")
    [ "$code" = 302 ]' sh "http://127.0.0.1:$PORT" >/dev/null 2>&1
}

if [ "$DONE_LEVEL" != "$ACCOUNTS_LEVEL" ]; then
  log "creating users, group and roles (~25 s, once)"
  for user in testuser norole; do
    # list_users/create_user: the old names, which both 0.11 and 0.16 know
    admin list_users | grep -qw "$user" || admin create_user "$user" "$user@example.org" >/dev/null
  done
  admin group create debusine/testers >/dev/null
  admin group members debusine/testers --set testuser >/dev/null  # --add fails when already a member
  admin workspace grant_role debusine/System owner testers >/dev/null
  DONE_LEVEL=$ACCOUNTS_LEVEL
  WEB_PASSWORD=''  # set below with the scope role, in the same debusine-admin call
fi

RENEWED=0
[ "$(whoami_user "$TOKEN")" = testuser ] || { log "new token for testuser"; TOKEN=$(new_token testuser); RENEWED=1; }
[ "$(whoami_user "$NOROLE_TOKEN")" = norole ] || { log "new token for norole"; NOROLE_TOKEN=$(new_token norole); RENEWED=1; }

# debusine-admin has no command to disable a token, to set a password or to grant a
# scope role: do those in one Django shell (script on stdin, so no secret is in argv).
# A web login costs ~0.5 s (password hashing): only check it when something else was lost.
if [ -z "$DISABLED_TOKEN" ] || [ -n "$(whoami_user "$DISABLED_TOKEN")" ] || [ -z "$WEB_PASSWORD" ] \
  || { [ $RENEWED = 1 ] && ! web_login_ok; }; then
  log "disabling a token, setting testuser's web password, granting the scope role"
  [ -n "$DISABLED_TOKEN" ] || DISABLED_TOKEN=$(new_token norole)
  WEB_PASSWORD=$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')
  admin shell <<EOF >/dev/null
import hashlib
from debusine.db.models import Group, Scope, Token, User
user = User.objects.get(username="testuser")
user.set_password("$WEB_PASSWORD")
user.save()
scope = Scope.objects.get(name="debusine")
Group.objects.get(scope=scope, name="testers").assign_role(scope, "owner")
hash = hashlib.sha256("$DISABLED_TOKEN".encode()).hexdigest()
assert Token.objects.filter(hash=hash).update(enabled=False) == 1, "disabled token not found"
EOF
  [ -z "$(whoami_user "$DISABLED_TOKEN")" ] || die "the disabled token still authenticates"
  web_login_ok || die "testuser cannot log in on the web UI with the password just set"
fi

(umask 077; cat >"$ACCOUNTS" <<EOF
DONE_LEVEL=$DONE_LEVEL
TOKEN=$TOKEN
NOROLE_TOKEN=$NOROLE_TOKEN
DISABLED_TOKEN=$DISABLED_TOKEN
WEB_PASSWORD=$WEB_PASSWORD
EOF
)

# The Python client's configuration (./debusine runs it as root in the chroot); a client
# that does not know `default-workspace` (0.11.3) refuses a file that has it.
workspace_key=
if grep -q default-workspace "$ROOT/usr/lib/python3/dist-packages/debusine/client/config.py"; then
  workspace_key='default-workspace = System'
fi
put /root/.config/debusine/client/config.ini root:root 600 <<EOF
[General]
default-server = realserver

[server:realserver]
api-url = $API_URL
scope = debusine
$workspace_key
token = $TOKEN
EOF
