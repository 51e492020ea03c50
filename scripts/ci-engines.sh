#!/usr/bin/env bash
# Installs (Debian's docker.io, docker-compose, podman, runc, catatonit, mmdebstrap) and starts the two container
# engines the docker machine provider is tested on: dockerd and Podman's Docker-compatible API
# (`podman system service`). Prints two lines on stdout, the Docker socket then the Podman one;
# progress goes to stderr, the engines' logs to a temporary folder it names. Run as root; running
# it again reuses what is there (an engine that already answers is left as it is).
#   { read -r GUILDS_TEST_DOCKER_SOCKET; read -r GUILDS_TEST_PODMAN_SOCKET; } < <(scripts/ci-engines.sh)
#   export GUILDS_TEST_DOCKER_SOCKET GUILDS_TEST_PODMAN_SOCKET
#
# dockerd runs without iptables and without its bridge (containers here get network "none" or
# "host"), which is what a container without systemd or netfilter allows. Podman reads the
# configuration written below: explicit ulimits (its defaults ask for more open files than such a
# container may give) and runc.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

docker_socket="${GUILDS_ENGINES_DOCKER_SOCKET:-/var/run/docker.sock}"
podman_socket="${GUILDS_ENGINES_PODMAN_SOCKET:-/run/guilds-podman/podman.sock}"
log_dir="${GUILDS_ENGINES_LOG_DIR:-${TMPDIR:-/tmp}/guilds-engines}"
mkdir -p "$log_dir" "$(dirname "$podman_socket")"

packages=(docker.io docker-compose podman runc catatonit mmdebstrap)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "ci-engines: installing ${missing[*]}" >&2
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# Waits until `curl` gets an answer from the engine's /_ping on the socket, for at most 30 s.
wait_for() {
  local name="$1" socket="$2" log="$3"
  for _ in $(seq 1 300); do
    if curl -sf --unix-socket "$socket" http://engine/_ping >/dev/null 2>&1; then return 0; fi
    sleep 0.1
  done
  echo "ci-engines: $name does not answer on $socket after 30 s; its log, $log, ends with:" >&2
  tail -n 20 "$log" >&2 || true
  exit 1
}

answers() { curl -sf --unix-socket "$1" http://engine/_ping >/dev/null 2>&1; }

docker_log="$log_dir/dockerd.log"
if answers "$docker_socket"; then
  echo "ci-engines: dockerd already answers on $docker_socket" >&2
else
  echo "ci-engines: starting dockerd (log: $docker_log)" >&2
  # setsid and nohup: the engine outlives this script and the CI step that ran it.
  # GUILDS_ENGINES_STORAGE_DRIVER (e.g. vfs) where overlay2 does not work; unset, dockerd picks.
  driver=()
  [ -n "${GUILDS_ENGINES_STORAGE_DRIVER:-}" ] && driver=(--storage-driver "$GUILDS_ENGINES_STORAGE_DRIVER")
  setsid nohup dockerd --host "unix://$docker_socket" --iptables=false --ip6tables=false --bridge=none \
    "${driver[@]}" >"$docker_log" 2>&1 </dev/null &
  wait_for dockerd "$docker_socket" "$docker_log"
fi

podman_conf="$log_dir/containers.conf"
cat >"$podman_conf" <<'CONF'
[containers]
default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]

[engine]
runtime = "runc"
CONF
podman_log="$log_dir/podman.log"
if answers "$podman_socket"; then
  echo "ci-engines: podman already answers on $podman_socket" >&2
else
  echo "ci-engines: starting podman system service (log: $podman_log)" >&2
  rm -f "$podman_socket"
  CONTAINERS_CONF="$podman_conf" setsid nohup podman system service --time=0 "unix://$podman_socket" \
    >"$podman_log" 2>&1 </dev/null &
  wait_for podman "$podman_socket" "$podman_log"
fi

echo "ci-engines: dockerd $(curl -sf --unix-socket "$docker_socket" http://engine/version | sed -n 's/.*"Version":"\([^"]*\)".*/\1/p' | head -n 1) on $docker_socket, podman on $podman_socket" >&2
echo "$docker_socket"
echo "$podman_socket"
