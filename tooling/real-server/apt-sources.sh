# shellcheck shell=bash
# Reading the machine's apt configuration. Sourced, not run: by lib.sh (which mirror to
# bootstrap from) and by tooling/scripts/check-hosts.sh (which hosts must not be in the tree).

# URIs of the enabled binary (`deb`) sources in the apt configuration, one per line;
# with the argument `all`, the URIs of every entry (deb-src and commented-out ones too).
apt_source_uris() {
  local etc=${APT_ETC:-/etc/apt} which=${1:-deb}
  local list
  for list in "$etc/sources.list" "$etc"/sources.list.d/*.list; do
    [ -f "$list" ] || continue
    # deb [options] uri suite components
    if [ "$which" = all ]; then
      sed -E 's/^[[:space:]]*#?[[:space:]]*deb(-src)?[[:space:]]/deb /' "$list"
    else
      cat "$list"
    fi | sed -E -n 's/^[[:space:]]*deb[[:space:]]+(\[[^]]*\][[:space:]]+)?([a-z+]+:[^[:space:]]+).*/\2/p'
  done
  local sources
  for sources in "$etc"/sources.list.d/*.sources; do
    [ -f "$sources" ] || continue
    # deb822 stanzas separated by blank lines; keep URIs of stanzas with Types: deb, not Enabled: no.
    awk -v which="$which" 'BEGIN { RS = ""; FS = "\n" }
      {
        types = ""; enabled = "yes"; uris = ""
        for (i = 1; i <= NF; i++) {
          line = $i
          if (line ~ /^[[:space:]]*#/) continue
          if (match(line, /^Types:[[:space:]]*/)) types = substr(line, RLENGTH + 1)
          else if (match(line, /^Enabled:[[:space:]]*/)) enabled = tolower(substr(line, RLENGTH + 1))
          else if (match(line, /^URIs:[[:space:]]*/)) uris = substr(line, RLENGTH + 1)
        }
        if (which == "all" || (enabled != "no" && (" " types " ") ~ / deb /)) {
          n = split(uris, list, /[[:space:]]+/)
          for (j = 1; j <= n; j++) if (list[j] != "") print list[j]
        }
      }' "$sources"
  done
}
