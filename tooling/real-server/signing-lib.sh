# shellcheck shell=bash disable=SC2034  # the variables are used by the scripts sourcing this
# Settings of the signing worker (./signing-up), sourced after lib.sh.
#
# Debian's debusine-signing package is installed into the server's chroot itself (not into an
# overlay as the building tools are): the signing worker needs the chroot's PostgreSQL (its
# own database, on the same cluster), and the package adds no code the server imports (the
# server already carries python3-debusine-signing; the package brings the debusine-signing
# command, its user and python3-gpg, which only the signing worker loads).

SIGNING_NAME=realserver-signing
SIGNING_ETC=/etc/debusine/signing        # in the chroot: its settings, config.ini, token, service key
SIGNING_HOME=/var/lib/debusine/signing   # in the chroot: its home (mode 700), temporary files
SIGNING_PACKAGES="debusine-signing gpg-agent"
SIGNING_LOG=$LOGDIR/signing.log
SIGNING_ENV=$CACHE/signing.env
# Its PID file is $ROOT$RUNDIR/signing.pid, like the server's daemons: pid_of signing,
# stop_daemons signing.
