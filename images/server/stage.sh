#!/usr/bin/env bash
# Stages what the server image holds into the folder $1 (the build context of images/server/Dockerfile):
# the built CLI, web app and helpers, every workspace's package.json, and the repository's node_modules
# pruned to production packages. Nothing is downloaded: better-sqlite3 keeps the binary `npm ci` built
# for this host's node, which is the node the sandbox image (the server image's base) carries.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
stage="${1:?usage: images/server/stage.sh <empty folder>}"
cd "$root"
for built in apps/orchestrator/dist/guilds.mjs apps/web/dist/index.html \
  runtime/guilds-code/dist/guilds-code runtime/guilds-machine/dist/guilds-machine \
  runtime/guilds-harness/dist/guilds-harness; do
  [ -e "$built" ] || { echo "stage: $built is missing: run \`npm ci && npm run build\` first" >&2; exit 1; }
done
mkdir -p "$stage/app"
app="$stage/app"
cp package.json package-lock.json LICENSE "$app/"
# Every workspace's package.json (npm prune reads them all), and what each one runs from.
for manifest in packages/*/package.json runtime/*/package.json apps/*/package.json; do
  mkdir -p "$app/$(dirname "$manifest")"
  cp "$manifest" "$app/$manifest"
done
cp -r apps/orchestrator/bin apps/orchestrator/dist "$app/apps/orchestrator/"
cp -r apps/web/dist "$app/apps/web/"
for helper in guilds-code guilds-machine guilds-harness; do
  cp -r "runtime/$helper/dist" "$app/runtime/$helper/"
done
cp -r images "$app/"
rm -rf "$app/images/server"
cp -a node_modules "$app/"
# --offline: pruning only removes; the workspace links in node_modules point into the stage.
(cd "$app" && npm prune --omit=dev --offline --no-audit --no-fund --ignore-scripts >/dev/null)
echo "stage: $(du -sh "$app" | cut -f1) in $app" >&2
