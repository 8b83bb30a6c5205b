#!/usr/bin/env bash
# Release check: in a scratch clone of the committed tree, record a changeset that bumps
# every package, run `pnpm version-packages` (changeset version) as a release would, then
# build and run the unit tests of the result. Fails when a version string, a changelog or an
# internal dependency range goes stale after the bump.
# Usage: tooling/packaging/check-release.sh   (through tooling/run, which sets up Node and pnpm)
set -euo pipefail
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/debusine-ts-release-XXXXXX")
trap 'rm -rf "$work"' EXIT
say() { printf '[release] %3ds %s\n' "$SECONDS" "$*"; }
copy="$work/repo"

git clone --quiet "$repo" "$copy"
cd "$copy"
say "scratch clone of $(git rev-parse --short HEAD); install from the lockfile"
pnpm install --frozen-lockfile --prefer-offline --reporter=append-only >/dev/null

mapfile -t dirs < <(ls -d packages/*/ apps/*/ | sed 's#/$##')
versions() { for dir in "${dirs[@]}"; do node -p "const m = require('./$dir/package.json'); m.name + ' ' + m.version"; done; }
before=$(versions)
{
  echo '---'
  for dir in "${dirs[@]}"; do node -p "\"'\" + require('./$dir/package.json').name + \"': patch\""; done
  echo '---'
  echo
  echo 'Release check: every package bumped.'
} >.changeset/release-check.md
pnpm run --silent version-packages >/dev/null
after=$(versions)
say "changeset version: $(paste -d' ' <(cut -d' ' -f2 <<<"$before") <(cut -d' ' -f2 <<<"$after") | awk '{print $1 "->" $2}' | sort -u | tr '\n' ' ')"

node - "${dirs[@]}" <<'NODE'
const { existsSync, readFileSync } = require('node:fs')
const dirs = process.argv.slice(2)
const manifests = new Map(dirs.map((dir) => [dir, JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'))]))
const versions = new Map([...manifests.values()].map((m) => [m.name, m.version]))
const problems = []
for (const [dir, manifest] of manifests) {
  const changelog = `${dir}/CHANGELOG.md`
  if (!existsSync(changelog) || !readFileSync(changelog, 'utf8').includes(`## ${manifest.version}`)) {
    problems.push(`${changelog} has no section for ${manifest.version}`)
  }
  if (!manifest.files.includes('CHANGELOG.md')) problems.push(`${dir}/package.json does not ship CHANGELOG.md`)
}
if (problems.length > 0) {
  console.error(problems.join('\n'))
  process.exit(1)
}
NODE
if [ "$before" = "$after" ]; then say "changeset version bumped nothing"; exit 1; fi
say "every package has a new version and a CHANGELOG.md section for it; build"

pnpm run --silent build >/dev/null
transport=$(node -p "require('./packages/transport/package.json').version")
shipped=$(node --input-type=module -e "import('./packages/transport/dist/version.js').then((m) => console.log(m.VERSION))")
[ "$shipped" = "$transport" ] || { say "transport ships VERSION $shipped, package.json says $transport"; exit 1; }
cli=$(node -p "require('./apps/cli/package.json').version")
printed=$(node apps/cli/dist/bin.js --version)
[ "$printed" = "debusine-ts $cli" ] || { say "the CLI prints '$printed' after the bump to $cli"; exit 1; }
say "the build ships the new versions (User-Agent debusine-ts/$shipped, $printed); unit tests"

pnpm exec vitest run --config tooling/vitest/vitest.config.ts --project unit --reporter=dot --testTimeout=30000
say "release check passed"
