#!/usr/bin/env bash
# Builds guilds-postgres:<version> (PostgreSQL 15 from Debian's packages) on the engine DOCKER_HOST
# names, FROM the sandbox image guilds-sandbox:<version> (`npx guilds image build` first). apt runs
# with the host's network and its apt sources. Prints the image's name:tag.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
version="$(node -p 'require(process.argv[1]).version' "$root/package.json")"
tag="${GUILDS_POSTGRES_IMAGE:-guilds-postgres:$version}"
sandbox="${GUILDS_SANDBOX_IMAGE:-guilds-sandbox:$version}"
docker image inspect "$sandbox" >/dev/null 2>&1 || {
  echo "build: the base $sandbox is not on the engine; run \`npx guilds image build\` first" >&2
  exit 1
}
docker build --quiet --network host --build-arg "SANDBOX_IMAGE=$sandbox" \
  --label "org.guilds.version=$version" -t "$tag" "$root/images/postgres" >&2
echo "$tag"
