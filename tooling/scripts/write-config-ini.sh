#!/usr/bin/env bash
# Write the config.ini both CLIs read (ours and the Python one), for one server, readable by
# its owner only (it holds the token).
# Usage: write-config-ini.sh FILE API_URL SCOPE WORKSPACE TOKEN
set -euo pipefail
[ "$#" -eq 5 ] || { echo "usage: $0 FILE API_URL SCOPE WORKSPACE TOKEN" >&2; exit 2; }
(umask 077 && cat >"$1" <<INI
[General]
default-server = local

[server:local]
api-url = $2
scope = $3
default-workspace = $4
token = $5
INI
)
