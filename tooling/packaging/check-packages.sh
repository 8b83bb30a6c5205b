#!/usr/bin/env bash
# Packaging check, as a user meets the packages: pack every package with pnpm (which writes
# real versions for workspace:^), check each tarball (files, source maps, attw's esm-only
# profile), install the tarballs into a scratch project outside the workspace (no links to
# it: only the tarballs, the pnpm store and the registry), type-check a consumer file under
# moduleResolution node16 and bundler, import every library package and run both bins,
# under the project's Node and under the system Node (Debian's, >= 20.19) when there is one.
# Prints the install size of the CLI on its own. Needs a build first (tooling/run test does).
# Usage: tooling/packaging/check-packages.sh   (through tooling/run, which sets up Node and pnpm)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
here="$repo/tooling/packaging"
bin="$repo/node_modules/.bin"
system_node=${DEBUSINE_TS_SYSTEM_NODE:-/usr/bin/node}
libraries=(models artifacts transport client events enroll cli-kit fake-server)
# The consumer type-checks under the project's TypeScript (6) and under this one, the current 7.
typescript7=7.0.2
packages=("${libraries[@]/#/packages/}" apps/cli apps/daemon)
work=$(mktemp -d "${TMPDIR:-/tmp}/debusine-ts-packaging-XXXXXX")
trap 'rm -rf "$work"' EXIT
say() { printf '[packaging] %3ds %s\n' "$SECONDS" "$*"; }
tarball_of() { echo "$work/tarballs/debusine-ts-$1-$(node -p "require('$repo/$2/package.json').version").tgz"; }

say "pack ${#packages[@]} packages"
for dir in "${packages[@]}"; do
  (cd "$repo/$dir" && pnpm pack --pack-destination "$work/tarballs" >/dev/null)
  name=$(basename "$dir")
  tarball=$(tarball_of "$name" "$dir")
  mkdir -p "$work/extracted/$name"
  tar -xzf "$tarball" -C "$work/extracted/$name"
  has_changelog=0
  [ -f "$repo/$dir/CHANGELOG.md" ] && has_changelog=1
  node "$here/check-tarball.mjs" "$work/extracted/$name/package" "$has_changelog"
  if [ -n "$(node -p "require('$repo/$dir/package.json').exports?.['.'] ?? ''")" ]; then
    "$bin/attw" --quiet --profile esm-only "$tarball" || { say "attw: $dir has type problems"; exit 1; }
  fi
done
say "attw --profile esm-only: no problem in the packages that have an import entry"

# The consumer depends on the tarballs; overrides send the packages' own dependencies on each
# other to the tarballs too (they are not on the registry yet, or not in this version).
say "install the tarballs into a scratch project"
consumer="$work/consumer"
mkdir -p "$consumer"
cp "$here"/consumer/* "$consumer/"
TYPESCRIPT_7=$typescript7 node - "$repo" "$work/tarballs" "$consumer/package.json" "${packages[@]}" <<'NODE'
const { readFileSync, writeFileSync } = require('node:fs')
const [repo, tarballs, target, ...dirs] = process.argv.slice(2)
const read = (path) => JSON.parse(readFileSync(path, 'utf8'))
const links = {}
for (const dir of dirs) {
  const { name, version } = read(`${repo}/${dir}/package.json`)
  links[name] = `file:${tarballs}/${name.replace('@', '').replace('/', '-')}-${version}.tgz`
}
const typesNode = read(`${repo}/package.json`).devDependencies['@types/node']
writeFileSync(target, JSON.stringify({
  name: 'debusine-ts-consumer', private: true, type: 'module',
  dependencies: links,
  devDependencies: { '@types/node': typesNode, 'typescript-7': `npm:typescript@${process.env.TYPESCRIPT_7}` },
  pnpm: { overrides: links },
}, null, 2))
NODE
# As under Node 20.19 (Debian 13's), engines strict: a dependency whose declared engines leave
# out the oldest Node the READMEs promise fails the install (a user would see a warning).
oldest_node=$(node -p "require('$repo/packages/models/package.json').engines.node.replace(/^>=/, '')")
[ "$oldest_node" = 20.19 ] || { say "the packages promise Node >= $oldest_node: update the README lines and this check"; exit 1; }
(cd "$consumer" && pnpm install --no-frozen-lockfile --prefer-offline --reporter=append-only \
  --config.node-version=20.19.0 --config.engine-strict=true >/dev/null) ||
  { say "a dependency's engines leave out Node 20.19 (see the pnpm error above)"; exit 1; }
say "every dependency's engines include Node 20.19 (pnpm engine-strict as under 20.19.0)"
installed=$(find -L "$consumer/node_modules" -maxdepth 3 -name package.json -path '*@debusine-ts*' -print0 | xargs -0 realpath)
if grep -q "^$repo/" <<<"$installed"; then say "the scratch project links into the workspace"; exit 1; fi

for config in node16 bundler; do
  (cd "$consumer" && "$bin/tsc" -p "tsconfig.$config.json")
  say "consumer.ts type-checks under moduleResolution $config (skipLibCheck off)"
done
# As a new user writes tsconfig.json: strict, no `types` entry, with and without the DOM lib.
for compiler in "$bin/tsc" "$consumer/node_modules/typescript-7/bin/tsc"; do
  for config in nodenext bundler-dom; do
    (cd "$consumer" && "$compiler" -p "tsconfig.$config.json")
  done
  say "consumer.ts type-checks with tsconfig.nodenext.json (lib es2022) and tsconfig.bundler-dom.json under $("$compiler" --version)"
done
(cd "$consumer" && "$bin/tsc" -p tsconfig.browser.json)
say "browser.ts (models, transport, client and events through their browser condition) type-checks with no Node types"

# The CLI is a bundle: no runtime dependency, and its files import nothing but Node built-ins
# and each other.
node - "$work/extracted/cli/package" <<'NODE'
const { readdirSync, readFileSync } = require('node:fs')
const { builtinModules } = require('node:module')
const root = process.argv[2]
const manifest = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'))
const declared = Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies })
const statements = /^import\s+(?:[\w*{}\s,$]+\s+from\s+)?['"]([^'"]+)['"]/gm
// Optional peers of bundled packages, imported only when used and failing then with their own
// install hint: kerberos, for Negotiate proxy authentication (https-proxy-agent's negotiator).
const optionalPeers = ['kerberos']
const outside = readdirSync(`${root}/dist`, { recursive: true })
  .filter((file) => file.endsWith('.js'))
  .flatMap((file) => {
    const code = readFileSync(`${root}/dist/${file}`, 'utf8')
    return [...code.matchAll(statements), ...code.matchAll(/\bimport\("([^"]+)"\)/g)].map((match) => match[1])
  })
  .filter((specifier) => !/^(node:|\.\.?\/)/.test(specifier) && !builtinModules.includes(specifier))
  .filter((specifier) => !optionalPeers.includes(specifier))
if (declared.length > 0 || outside.length > 0) {
  console.error(`the CLI bundle is not self-contained: declares [${declared}], imports [${[...new Set(outside)]}]`)
  process.exit(1)
}
NODE
say "the CLI is a bundle that imports only Node built-ins and declares no dependency"

nodes=(node)
if [ -x "$system_node" ]; then nodes+=("$system_node"); else say "no system Node at $system_node: checked with $(node --version) only"; fi
for runtime in "${nodes[@]}"; do
  version=$("$runtime" --version)
  (cd "$consumer" && "$runtime" smoke.mjs)
  cli_version=$(node -p "require('$repo/apps/cli/package.json').version")
  output=$(cd "$consumer" && PATH="$(dirname "$(command -v "$runtime")"):$PATH" node_modules/.bin/debusine-ts --version)
  [ "$output" = "debusine-ts $cli_version" ] || { say "debusine-ts --version printed '$output' under Node $version"; exit 1; }
  for command in --help 'completion bash'; do
    # shellcheck disable=SC2086  # the command's words
    (cd "$consumer" && PATH="$(dirname "$(command -v "$runtime")"):$PATH" node_modules/.bin/debusine-ts $command >/dev/null) ||
      { say "debusine-ts $command failed under Node $version"; exit 1; }
  done
  help=$(cd "$consumer" && PATH="$(dirname "$(command -v "$runtime")"):$PATH" node_modules/.bin/debusine-ts-daemon --help)
  grep -q '^Usage: debusine-ts-daemon' <<<"$help" || { say "debusine-ts-daemon --help printed no usage under Node $version"; exit 1; }
  say "Node $version: every library imports; debusine-ts --version, --help and completion bash and debusine-ts-daemon --help run"
  bash "$here/installed-fake-flow.sh" "$consumer" "$(command -v "$runtime")"
done

# Real calls under each Node: the installed client, and one command of each kind of the
# installed CLI, against the local real server.
if [ "${DEBUSINE_TS_SKIP_REAL_SERVER:-}" = 1 ] && [ "${CI:-}" != true ]; then
  say "DEBUSINE_TS_SKIP_REAL_SERVER=1: the installed packages made NO real call"
else
  env_file=$("$repo/tooling/real-server/up" | tail -n 1)
  # shellcheck disable=SC1090  # the env file written by tooling/real-server/up
  set -a && . "$env_file" && set +a
  bash "$repo/tooling/scripts/write-config-ini.sh" "$consumer/config.ini" \
    "$DEBUSINE_TS_API_URL" "$DEBUSINE_TS_SCOPE" "$DEBUSINE_TS_WORKSPACE" "$DEBUSINE_TS_TOKEN"
  for runtime in "${nodes[@]}"; do
    version=$("$runtime" --version)
    (cd "$consumer" && "$runtime" real-call.mjs)
    bash "$here/installed-cli-flow.sh" "$consumer" "$(command -v "$runtime")"
    say "Node $version: the installed client and CLI made real calls to $DEBUSINE_TS_API_URL"
  done
  # The CI action as it ships (runs.using: node24): its tarball's committed bundle, under the project's Node.
  (cd "$repo/apps/action" && pnpm pack --pack-destination "$work/tarballs" >/dev/null)
  bash "$here/installed-action-flow.sh" "$(tarball_of action apps/action)" "$consumer" "$(command -v node)"
fi

# What `npm install -g @debusine-ts/cli` brings: the CLI's tarball on its own.
cli_only="$work/cli-only"
mkdir -p "$cli_only"
node -e 'const [, file, cli, links] = process.argv; require("fs").writeFileSync(file, JSON.stringify({ name: "cli-only", private: true, dependencies: { "@debusine-ts/cli": cli }, pnpm: { overrides: JSON.parse(links) } }))' \
  "$cli_only/package.json" "file:$(tarball_of cli apps/cli)" "$(node -p "JSON.stringify(require('$consumer/package.json').pnpm.overrides)")"
(cd "$cli_only" && pnpm install --no-frozen-lockfile --prefer-offline --reporter=append-only --config.node-linker=hoisted >/dev/null)
count=$(cd "$cli_only/node_modules" && { ls -d [!.@]* 2>/dev/null || true; ls -d @*/* 2>/dev/null || true; } | wc -l)
size=$(du -sk "$cli_only/node_modules" | cut -f1)
say "installing the CLI alone brings $count package(s), $size KiB on disk"
say "packaging check passed"
