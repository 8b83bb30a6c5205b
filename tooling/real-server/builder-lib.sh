# shellcheck shell=bash disable=SC2034  # the variables are used by the scripts sourcing this
# Settings and helpers of the building worker (./builder-up), sourced after lib.sh.
#
# The building worker runs from an overlay of the server's chroot: the chroot is the lower
# layer, the building tools (sbuild, mmdebstrap, uidmap, iproute2) are installed into the
# upper layer only. The server and the noop worker never see those tools, so they behave
# exactly as without the building worker (the noop worker advertises no executor and no
# sbuild capability, and tasks that other tests leave pending stay pending).

BUILDER=$CACHE/builder
BUILDER_LAYER=$BUILDER/layer        # the overlay's upper layer: the building tools
BUILDER_OVL_WORK=$BUILDER/overlay-work
BUILDER_ROOT=$BUILDER/root          # the overlay, mounted on the host
BUILDER_ETC=$BUILDER/etc            # the worker's own /etc/debusine/worker (config, token)
BUILDER_HOME=$BUILDER/home          # the worker's own home: work directory, image cache
BUILDER_PID=$BUILDER/worker.pid     # the host-side supervisor of the worker
BUILDER_NAME=realserver-builder
BUILDER_GROUP=builders              # the worker only takes tasks of members of debusine/builders
BUILDER_USER=builder
# Packages the worker's tasks need on the worker itself (the unshare executor wants unshare
# and ip; sbuild and mmdebstrap run there; uidmap gives the worker's user its subordinate ids).
BUILDER_PACKAGES="sbuild mmdebstrap uidmap iproute2 xz-utils arch-test dpkg-dev"
BUILDER_LOG=$LOGDIR/builder.log

# The PID of the builder's supervisor when it is alive (it runs in its own mount namespace,
# so its root is not $ROOT: it is recognised by its command line instead).
builder_pid() {
  [ -s "$BUILDER_PID" ] || return 1
  local pid stat
  pid=$(<"$BUILDER_PID")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  tr '\0' ' ' 2>/dev/null <"/proc/$pid/cmdline" | grep -qF "debusine-ts-builder $BUILDER_ROOT" || return 1
  stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  [ "${stat%% *}" != Z ] && echo "$pid"
}

# Stop the builder (its whole process group) and unmount its overlay.
stop_builder() {
  local pid deadline
  if pid=$(builder_pid); then
    kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
    deadline=$((SECONDS + 30))
    while builder_pid >/dev/null; do
      if [ $SECONDS -ge $deadline ]; then kill -KILL -- "-$pid" 2>/dev/null || true; sleep 1; break; fi
      sleep 0.1
    done
  fi
  rm -f "$BUILDER_PID"
  [ -d "$BUILDER_ROOT" ] && unmount_under "$BUILDER_ROOT"
  return 0
}
