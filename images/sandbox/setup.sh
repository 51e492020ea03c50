#!/bin/sh
# Runs inside the sandbox image's root filesystem while mmdebstrap builds it (`guilds image build`),
# after the helpers and node were copied into /opt/guilds/bin. Makes the agent's user, the folders
# a container machine mounts over, and the links that put node and the helpers on every PATH.
set -eu

# The agent: uid and gid 1000, its home /home/agent (a volume over it in a container machine).
groupadd --gid 1000 agent
useradd --uid 1000 --gid 1000 --home-dir /home/agent --create-home --shell /bin/bash agent
chmod 0700 /home/agent

# The harness CLIs' prefix. /run/guilds, the runtime folder, is a mount of the container (mmdebstrap
# empties /run, and the engine makes the mount point).
mkdir -p /opt/guilds/harnesses
chmod 0755 /opt/guilds /opt/guilds/bin /opt/guilds/harnesses
chmod 0755 /opt/guilds/bin/*

# The helpers start with `#!/usr/bin/env node`: node on the default PATH too.
for tool in node guilds-code guilds-harness guilds-machine; do
  ln -sf "/opt/guilds/bin/$tool" "/usr/local/bin/$tool"
done

# Fails the build when the host's node does not run on this root filesystem.
node --version
rg --version | sed -n 1p
git --version
python3 --version

rm -rf /var/cache/apt/archives/*.deb /var/lib/apt/lists/* /tmp/* /var/tmp/*
