# shellcheck shell=bash disable=SC2034  # the variables are used by the scripts sourcing this
# Shared settings and helpers for up, down, debusine, admin, workspace.
# Sourced, not run. The facts behind each choice are in a comment beside it, and in README.md.

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=apt-sources.sh
. "$HERE/apt-sources.sh"
REPO_ROOT=$(cd "$HERE/../.." && pwd)

SUITE=${DEBUSINE_TS_SERVER_SUITE:-sid}
case $SUITE in
  # The version each suite carried when last checked. Kept so that a run says loudly when the
  # suite moved on; the build then installs what the suite carries (install_version).
  # Each suite has its own default ports, so both servers can run side by side.
  sid) PIN=0.16.2 DEFAULT_PORT=8011 DEFAULT_REDIS_PORT=16379 ;;
  trixie) PIN=0.11.3+deb13u1 DEFAULT_PORT=8012 DEFAULT_REDIS_PORT=16380 ;;
  *) echo "DEBUSINE_TS_SERVER_SUITE must be sid or trixie, not '$SUITE'" >&2; exit 2 ;;
esac
CACHE=$(realpath -m "${DEBUSINE_TS_SERVER_CACHE:-/var/cache/debusine-ts/$SUITE}")
ROOT=$CACHE/root            # the chroot; only ever a complete build (renamed into place)
BUILD=$CACHE/root.build     # where a chroot is being built
LOGDIR=$CACHE/log           # daemon logs, on the host
ENV_FILE=$CACHE/env
STATE=$ROOT/var/lib/debusine-ts   # inside the chroot: wiping the chroot wipes the state
RUNDIR=/run/debusine-ts           # PID files, path inside the chroot
PORT=${DEBUSINE_TS_SERVER_PORT:-$DEFAULT_PORT}
REDIS_PORT=${DEBUSINE_TS_REDIS_PORT:-$DEFAULT_REDIS_PORT}
API_URL=http://127.0.0.1:$PORT/api
CHROOT_PATH=/usr/sbin:/usr/bin:/sbin:/bin   # debusine-admin needs /usr/sbin (runuser)

log() { echo "real-server: $*" >&2; }
# set -e exits silently: say which command failed (apt, debootstrap, debusine-admin...).
set -o errtrace  # the ERR trap also for failures inside functions
trap 'echo "real-server: ERROR: \"$BASH_COMMAND\" failed (exit $?) in $0" >&2' ERR
die() { echo "real-server: ERROR: $*" >&2; exit 1; }

# The Debian mirror for debootstrap: DEBUSINE_TS_MIRROR, else the first enabled `deb` source of
# the machine's own apt configuration whose path ends in /debian (the main archive, not
# security or ports), so the harness uses whatever mirror or proxy this machine already uses.
debian_mirror() {
  if [ -n "${DEBUSINE_TS_MIRROR:-}" ]; then echo "$DEBUSINE_TS_MIRROR"; return; fi
  local uri
  uri=$(apt_source_uris | grep -E '^[a-z+]+://[^ ]+/debian/?$' | head -n 1 || true)
  [ -n "$uri" ] || die "no Debian mirror: set DEBUSINE_TS_MIRROR=<url of a Debian archive>, or name one in this machine's apt sources (a deb822 'URIs:' line in /etc/apt/sources.list.d/*.sources, or a 'deb <url> <suite> ...' line in /etc/apt/sources.list)"
  echo "${uri%/}"
}

require_root() { [ "$(id -u)" = 0 ] || die "must run as root (it builds a chroot and mounts file systems)"; }

# Serialise up/down/workspace. The fd must be closed (9>&-) in every daemon we start,
# or the daemon keeps the lock after we exit.
take_lock() {
  mkdir -p "$CACHE"
  exec 9>"$CACHE/lock"
  flock -w 900 9 || die "timed out waiting for $CACHE/lock (another up/down running?)"
}

# Run a command in the chroot with a clean environment, as root.
in_root() { chroot "$ROOT" env -i PATH=$CHROOT_PATH LANG=C.UTF-8 HOME=/root "$@" 9>&-; }
admin() { in_root debusine-admin "$@"; }

# The debusine version to install in the chroot DIR (its apt lists up to date): $PIN when the
# suite still carries it, else the version the suite carries, with a loud line on stderr.
# Fails only when the suite carries no debusine-server at all.
install_version() {
  local dir=$1 carried candidate
  carried=$(chroot "$dir" apt-cache madison debusine-server 2>/dev/null | awk -F'|' '{ gsub(/ /, "", $2); print $2 }')
  if grep -qxF "$PIN" <<<"$carried"; then echo "$PIN"; return; fi
  candidate=$(chroot "$dir" apt-cache policy debusine-server 2>/dev/null | awk '$1 == "Candidate:" { print $2 }')
  [ -n "$candidate" ] && [ "$candidate" != "(none)" ] || die "Debian $SUITE carries no debusine-server"
  {
    echo "real-server: !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
    echo "real-server: !! WARNING: Debian $SUITE no longer carries debusine $PIN (the pin);"
    echo "real-server: !! installing $candidate, the version $SUITE carries. Update PIN in lib.sh."
    echo "real-server: !!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"
  } >&2
  echo "$candidate"
}

# PID of daemon NAME if it is alive and runs in our chroot (state Z = exited), else fails.
pid_of() {
  local file=$ROOT$RUNDIR/$1.pid pid
  [ -s "$file" ] || return 1
  pid=$(<"$file")
  pid_in_root "$pid" && echo "$pid"
}
pid_in_root() {
  local pid=$1 stat
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$ROOT" ] || return 1
  stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat%% *}" != Z ]
}

SERVER_DAEMONS="http celery scheduler provisioner beat"  # http: gunicorn (0.16) or daphne (0.11)

pg_version() { ls "$ROOT/etc/postgresql" 2>/dev/null | sort -n | tail -1; }
pg_pid() {
  local v; v=$(pg_version) || return 1
  local file=$ROOT/var/lib/postgresql/$v/main/postmaster.pid
  [ -s "$file" ] || return 1
  local pid; pid=$(head -1 "$file")
  pid_in_root "$pid" && echo "$pid"
}

# SIGTERM the given daemons together and wait (bounded) until all have exited.
stop_daemons() {
  local name pid pids=()
  for name in "$@"; do
    pid=$(pid_of "$name") || continue
    kill -TERM "$pid" 2>/dev/null || true
    pids+=("$pid")
  done
  [ ${#pids[@]} -gt 0 ] || return 0
  local deadline=$((SECONDS + 30)) left
  while :; do
    left=()
    for pid in "${pids[@]}"; do pid_in_root "$pid" && left+=("$pid"); done
    [ ${#left[@]} -gt 0 ] || break
    if [ $SECONDS -ge $deadline ]; then
      log "still running after 30 s, sending SIGKILL: ${left[*]}"
      kill -KILL "${left[@]}" 2>/dev/null || true
      sleep 1; break
    fi
    sleep 0.1
  done
  for name in "$@"; do rm -f "$ROOT$RUNDIR/$name.pid"; done
}

stop_all() {
  stop_daemons worker
  stop_daemons $SERVER_DAEMONS
  stop_daemons redis
  if pg_pid >/dev/null; then
    in_root pg_ctlcluster "$(pg_version)" main stop -m fast >/dev/null 2>&1 || true
  fi
}

# Mount points under DIR (deepest first), from /proc/self/mounts.
mounts_under() {
  awk -v d="$1" '$2 == d || index($2, d "/") == 1 { print $2 }' /proc/self/mounts | sort -r
}
unmount_under() {
  local m
  for m in $(mounts_under "$1"); do umount "$m" 2>/dev/null || umount -l "$m"; done
}
