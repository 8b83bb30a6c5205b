// The artifact protocol by hand, with curl and openssl, in two forms: one file after another,
// and every file at once (`curl --parallel`, curl's own default of at most 50 transfers).
// Each PUT sends the whole file with `-T FILE` to `…/files/NAME%2F`: the server's URL ends in
// a slash, and curl would append the file's name to a URL that ends in one.

// Hash every file (one openssl for all), write the artifact's JSON to a file (too long for
// an argument with many files), POST it.
const create = `
set -e
api=$1 token=$2 scope=$3 workspace=$4; shift 4
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
openssl sha256 -r "$@" | python3 -c '
import json, os, sys
files = {}
for line in sys.stdin:
    digest, path = line.rstrip("\\n").split(" ", 1)
    path = path.lstrip("*")
    files[os.path.basename(path)] = {"size": os.path.getsize(path), "checksums": {"sha256": digest},
                                     "type": "file", "content_type": None}
print(json.dumps({"category": "debusine:test", "workspace": sys.argv[1], "data": {}, "files": files}))
' "$workspace" > "$work/artifact.json"
id=$(curl -sf -H "Token: $token" -H "X-Debusine-Scope: $scope" -H 'Content-Type: application/json' \\
  --data-binary @"$work/artifact.json" "$api/1.0/artifact/" |
  python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')
`

const putOne = `
put() {
  size=$(stat -c %s "$1")
  status=$(curl -s -o /dev/null -w '%{http_code}' -H "Token: $token" -H "X-Debusine-Scope: $scope" \\
    -H "Content-Range: bytes 0-$((size - 1))/$size" -T "$1" "$api/1.0/artifact/$id/files/$(basename "$1")%2F")
  [ "$status" = 201 ] || { echo "PUT $1: HTTP $status" >&2; exit 1; }
}
`

/** Upload, one PUT after another. Arguments: api token scope workspace FILE... */
export const curlUpload = `${create}${putOne}
for f in "$@"; do put "$f"; done
echo "artifact_id: $id"
`

/** Upload, every PUT at once from one curl config. Arguments: api token scope workspace FILE... */
export const curlUploadParallel = `${create}
for f in "$@"; do
  size=$(stat -c %s "$f")
  printf 'next\\nurl = "%s"\\nupload-file = "%s"\\noutput = "/dev/null"\\n' \\
    "$api/1.0/artifact/$id/files/$(basename "$f")%2F" "$f"
  printf 'header = "Token: %s"\\nheader = "X-Debusine-Scope: %s"\\n' "$token" "$scope"
  printf 'header = "Content-Range: bytes 0-%s/%s"\\nwrite-out = "%%{http_code}\\\\n"\\n' "$((size - 1))" "$size"
done > "$work/put.conf"
curl -s --parallel -K "$work/put.conf" > "$work/status"
bad=$(grep -vc '^201$' "$work/status" || true)
[ "$bad" = 0 ] && [ "$(wc -l < "$work/status")" = $# ] || { echo "PUT: $bad not 201" >&2; exit 1; }
echo "artifact_id: $id"
`

/** Download, one GET after another, then one openssl for all. Arguments: token directory URL... */
export const curlDownload = `
set -e
token=$1 directory=$2; shift 2
for url in "$@"; do curl -sf -H "Token: $token" -o "$directory/$(basename "$url")" "$url"; done
cd "$directory" && openssl sha256 -r * > /dev/null
`

/** Download, every GET at once from one curl config, then one openssl for all. */
export const curlDownloadParallel = `
set -e
token=$1 directory=$2; shift 2
for url in "$@"; do
  printf 'next\\nurl = "%s"\\noutput = "%s"\\nheader = "Token: %s"\\nfail\\n' \\
    "$url" "$directory/$(basename "$url")" "$token"
done > "$directory.conf"
curl -s --parallel -K "$directory.conf"
rm "$directory.conf"
cd "$directory" && openssl sha256 -r * > /dev/null
`
