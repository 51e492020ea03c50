#!/usr/bin/env bash
# Builds the server image guilds-server:<version> on the engine DOCKER_HOST names (default: the local
# Docker socket) from the sandbox image guilds-sandbox:<version>, which must be on it already
# (`npx guilds image build`). Offline: the base is local and the context is staged from this checkout.
# Prints the image's name:tag.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
version="$(node -p 'require(process.argv[1]).version' "$root/package.json")"
tag="${GUILDS_SERVER_IMAGE:-guilds-server:$version}"
sandbox="${GUILDS_SANDBOX_IMAGE:-guilds-sandbox:$version}"
context="$(mktemp -d)"
trap 'rm -rf "$context"' EXIT
"$root/images/server/stage.sh" "$context"
docker image inspect "$sandbox" >/dev/null 2>&1 || {
  echo "build: the base $sandbox is not on the engine; run \`npx guilds image build\` first" >&2
  exit 1
}
docker build --quiet --build-arg "SANDBOX_IMAGE=$sandbox" --label "org.guilds.version=$version" \
  -t "$tag" -f "$root/images/server/Dockerfile" "$context" >&2
echo "$tag"
