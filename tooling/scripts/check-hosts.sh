#!/usr/bin/env bash
# Fails when a tracked file names a host of this machine's package sources: its apt sources
# and its npm registries. Which mirror or registry a machine uses is its own business, and
# such host names do not belong in published sources (fixtures use mirror.example).
# The hosts are read at run time, so the check names no host itself.
# Usage: check-hosts.sh [REPOSITORY]   (default: this one; APT_ETC overrides /etc/apt)
set -euo pipefail
tooling=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
repo=$(cd "${1:-$tooling/..}" && pwd)
# shellcheck source=../real-server/apt-sources.sh
. "$tooling/real-server/apt-sources.sh"

# npm registries: the effective one, and every registry= line of the npmrc files npm reads.
npm_registry_uris() {
  if command -v npm >/dev/null; then npm config get registry 2>/dev/null || true; fi
  local prefix
  prefix=$(npm config get prefix 2>/dev/null || echo /usr)
  local file
  for file in "$repo/.npmrc" "${NPM_CONFIG_USERCONFIG:-$HOME/.npmrc}" "$prefix/etc/npmrc" /etc/npmrc; do
    [ -f "$file" ] || continue
    sed -E -n 's/^[[:space:]]*([^=#;]*:)?registry[[:space:]]*=[[:space:]]*"?([^"[:space:]]+)"?.*/\2/p' "$file"
  done
}

host_of() { sed -E -n 's#^[a-z+]+://([^/@]*@)?([^/:]+).*#\2#p'; }

mapfile -t hosts < <({ apt_source_uris all; npm_registry_uris; } | host_of | tr 'A-Z' 'a-z' | sort -u)
if [ ${#hosts[@]} -eq 0 ]; then
  echo "check-hosts: no apt source or npm registry configured on this machine; nothing to check"
  exit 0
fi

patterns=()
for host in "${hosts[@]}"; do patterns+=(-e "$host"); done
cd "$repo"
mapfile -t offenders < <(git ls-files -z | xargs -0 grep -l -I -i -F "${patterns[@]}" -- 2>/dev/null || true)
if [ ${#offenders[@]} -gt 0 ]; then
  echo "check-hosts: these tracked files name a host of this machine's apt sources or npm registries" >&2
  echo "(${hosts[*]}); use http://mirror.example/debian in fixtures and read the mirror at run time:" >&2
  for file in "${offenders[@]}"; do
    printf '  %s: %s\n' "$file" "$(grep -n -o -i -F "${patterns[@]}" -- "$file" | head -n 3 | tr '\n' ' ')" >&2
  done
  exit 1
fi
echo "check-hosts: no tracked file names any of ${#hosts[@]} package-source hosts of this machine"
