// The egress network on real engines (GUILDS_TEST_DOCKER_SOCKET, GUILDS_TEST_PODMAN_SOCKET; an engine
// whose variable is unset is skipped, saying so). Needs root: the test installs host firewall rules,
// under chain, network and bridge names of its own, and takes them away at the end. A container of
// the sandbox image on the network tries connections with bash's /dev/tcp.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import type Docker from "dockerode";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { connectEngine } from "../../../src/images/containerEngine.ts";
import { buildSandboxImage, projectVersion, SANDBOX_IMAGE_NAME } from "../../../src/images/sandboxImage.ts";
import { ensureEgressFirewall, removeEgressFirewall } from "../../../src/machines/docker/egressFirewall.ts";
import {
  type EgressNames,
  type EgressNetwork,
  egressChainPrefix,
  ensureEgressNetwork,
  firewallSettings,
} from "../../../src/machines/docker/egressNetwork.ts";
import type { EngineFlavor } from "../../../src/machines/docker/engineFlavor.ts";
import { execIn } from "../../images/engineExec.ts";

const ENGINES: { flavor: EngineFlavor; variable: string }[] = [
  { flavor: "docker", variable: "GUILDS_TEST_DOCKER_SOCKET" },
  { flavor: "podman", variable: "GUILDS_TEST_PODMAN_SOCKET" },
];
const SANDBOX_IMAGE = `${SANDBOX_IMAGE_NAME}:${projectVersion()}`;
/** A refused connection fails at once; one that is dropped would wait out the attempt's timeout. */
const QUICKLY_MS = 2_000;
// Explicit: Podman otherwise asks for the host's nproc, above what its service may give.
const ULIMITS = [
  { Name: "nofile", Soft: 4096, Hard: 4096 },
  { Name: "nproc", Soft: 4096, Hard: 4096 },
];

for (const { flavor, variable } of ENGINES) {
  const socket = process.env[variable];
  const skipReason =
    socket === undefined || socket === ""
      ? `${variable} is not set`
      : process.getuid?.() !== 0
        ? "the host firewall needs root"
        : undefined;
  if (skipReason !== undefined)
    process.stderr.write(`egress network tests on ${flavor}: skipped: ${skipReason}\n`);

  describe.skipIf(skipReason !== undefined)(`the egress network on ${flavor}`, () => {
    const id = randomBytes(3).toString("hex");
    const names: EgressNames = {
      network: `guilds-test-egress-${id}`,
      bridge: `gte-${id}`,
    };
    const chains = egressChainPrefix(names);
    let docker: Docker;
    let network: EgressNetwork;
    let container: Docker.Container;
    let builtImage: string | undefined;
    let image = SANDBOX_IMAGE;
    const server = net.createServer((connection) => {
      accepted++;
      connection.destroy();
    });
    let accepted = 0;
    let port = 0;

    /** Connects from the container with bash's /dev/tcp; exit 124 is the attempt's timeout. */
    const connectFrom = async (address: string, toPort: number, timeoutSeconds = 5) => {
      const started = Date.now();
      const result = await execIn(docker, container, [
        "timeout",
        String(timeoutSeconds),
        "bash",
        "-c",
        `exec 3<>/dev/tcp/${address}/${toPort}`,
      ]);
      return { ...result, ms: Date.now() - started };
    };

    beforeAll(async () => {
      docker = await connectEngine({ socketPath: socket as string });
      const hasImage = await docker
        .getImage(image)
        .inspect()
        .then(Boolean, () => false);
      if (!hasImage) {
        builtImage = `${SANDBOX_IMAGE_NAME}-test:egress-${id}`;
        await buildSandboxImage({ docker, tag: builtImage, progress: () => {} });
        image = builtImage;
      }
      network = await ensureEgressNetwork(docker, flavor, names);
      await new Promise<void>((resolve) => server.listen(0, "0.0.0.0", resolve));
      port = (server.address() as net.AddressInfo).port;
      container = await docker.createContainer({
        Image: image,
        name: `guilds-test-egress-${id}`,
        User: "1000:1000",
        Cmd: ["sleep", "infinity"],
        HostConfig: {
          Init: true,
          CapDrop: ["ALL"],
          SecurityOpt: ["no-new-privileges"],
          NetworkMode: network.name,
          Ulimits: ULIMITS,
        },
      });
      await container.start();
      // As a machine does once its container runs: an engine may have put its own rules first as it
      // started it (Podman's CNI plugin, at its first container since the host booted).
      network = await ensureEgressNetwork(docker, flavor, names);
    }, 300_000);

    afterAll(async () => {
      server.close();
      await container?.remove({ force: true }).catch(() => {});
      await docker
        ?.getNetwork(names.network)
        .remove()
        .catch(() => {});
      if (network !== undefined) await removeEgressFirewall(firewallSettings(network, flavor, names));
      if (builtImage !== undefined) {
        await docker
          .getImage(builtImage)
          .remove({ force: true })
          .catch(() => {});
      }
    }, 120_000);

    test("the network is a bridge on its own interface and subnet, the container's route goes through its gateway", async () => {
      expect(network).toMatchObject({ name: names.network, bridge: names.bridge });
      expect(network.subnet).toMatch(/^\d+\.\d+\.\d+\.\d+\/\d+$/);
      const hostAddress = execFileSync("ip", ["-4", "-o", "addr", "show", "dev", names.bridge], {
        encoding: "utf8",
      });
      expect(hostAddress).toContain(`inet ${network.gateway}/`);
      const route = await execIn(docker, container, ["cat", "/proc/net/route"]);
      expect(route.stdout).toMatch(/^eth0\s+00000000\s+/m);
    });

    test("this host is refused at once, on the gateway and on each of its own addresses", async () => {
      const hostAddresses = Object.values(os.networkInterfaces())
        .flat()
        .filter((address) => address !== undefined && address.family === "IPv4" && !address.internal)
        .map((address) => (address as os.NetworkInterfaceInfo).address);
      expect(hostAddresses).toContain(network.gateway);
      // The server answers from the host itself: the rules, not the address, keep the container out.
      expect(await canConnectFromHost(port)).toBe(true);
      accepted = 0;
      for (const address of hostAddresses) {
        const attempt = await connectFrom(address, port);
        expect(attempt.exitCode, `${address}: ${attempt.stderr}`).toBe(1);
        expect(attempt.stderr).toContain("Connection refused");
        expect(attempt.ms).toBeLessThan(QUICKLY_MS);
      }
      expect(accepted).toBe(0);
    });

    test("private, link-local and metadata addresses are refused at once", async () => {
      for (const address of ["10.0.0.1", "192.168.1.1", "172.16.0.1", "100.64.0.1", "169.254.169.254"]) {
        const attempt = await connectFrom(address, 80);
        expect(attempt.exitCode, `${address}: ${attempt.stderr}`).toBe(1);
        expect(attempt.stderr).toContain("Connection refused");
        expect(attempt.ms).toBeLessThan(QUICKLY_MS);
      }
    });

    test("a public address is routed out, masqueraded by the network's rule", async () => {
      const before = masqueradedPackets(names);
      // There may be no internet here: the attempt's outcome does not matter, the NAT rule's counter does.
      await connectFrom("1.1.1.1", 443, 2);
      expect(masqueradedPackets(names)).toBeGreaterThan(before);
    });

    test("name lookups reach a resolver: the host's (Docker's embedded DNS asks from the container) or the gateway's (Podman's aardvark-dns)", async () => {
      const before = dnsAccepted(names);
      // Without internet the name may not resolve; the queries passing the firewall is what counts.
      await execIn(docker, container, ["timeout", "5", "getent", "hosts", "example.com"]);
      expect(dnsAccepted(names)).toBeGreaterThan(before);
    });

    test("ensuring it again, twice at once, gives the same network and installs nothing twice", async () => {
      const before = firewallListing(names);
      const masqueraded = masqueradedPackets(names);
      const [first, second] = await Promise.all([
        ensureEgressNetwork(docker, flavor, names),
        ensureEgressNetwork(docker, flavor, names),
      ]);
      expect(first).toEqual(network);
      expect(second).toEqual(network);
      expect(firewallListing(names)).toEqual(before);
      // Left alone, not rewritten: its counters went on.
      expect(masqueradedPackets(names)).toBeGreaterThanOrEqual(masqueraded);
      expect(masqueraded).toBeGreaterThan(0);
      const networks = await docker.listNetworks({ filters: { name: [names.network] } });
      expect(networks.filter((listed) => listed.Name === names.network)).toHaveLength(1);
      for (const [builtIn, jumps] of Object.entries(jumpsInto(names))) {
        expect(jumps, builtIn).toBe(1);
      }
    });

    test("firewall rules lost (a host restart) come back with the next ensure, first in their chains", async () => {
      const before = firewallListing(names);
      await removeEgressFirewall(firewallSettings(network, flavor, names));
      expect(firewallListing(names)).toEqual([]);
      // Another program's rule put first, as an engine starting up would.
      execFileSync("iptables", ["-w", "-I", "FORWARD", "1", "-s", "192.0.2.123/32", "-j", "ACCEPT"]);
      try {
        expect(await ensureEgressNetwork(docker, flavor, names)).toEqual(network);
        expect(firewallListing(names)).toEqual(before);
        const forward = execFileSync("iptables", ["-w", "-S", "FORWARD"], { encoding: "utf8" }).split("\n");
        expect(forward[1]).toBe(`-A FORWARD -j ${chains}`);
      } finally {
        execFileSync("iptables", ["-w", "-D", "FORWARD", "-s", "192.0.2.123/32", "-j", "ACCEPT"]);
      }
      const attempt = await connectFrom(network.gateway, port);
      expect(attempt.stderr).toContain("Connection refused");
    });

    test("installing the firewall from several processes at once leaves one copy of each rule", async () => {
      const before = firewallListing(names);
      const settings = firewallSettings(network, flavor, names);
      await removeEgressFirewall(settings);
      // Each call runs its own iptables processes, as separate servers would (no in-process queue).
      await Promise.all([1, 2, 3, 4].map(() => ensureEgressFirewall(settings)));
      expect(firewallListing(names)).toEqual(before);
    });

    test("where Docker's DOCKER-USER chain exists, it jumps to the network's chain first", async () => {
      const hadChain = execFileSync("iptables", ["-w", "-S"], { encoding: "utf8" }).includes(
        "-N DOCKER-USER\n",
      );
      if (!hadChain) execFileSync("iptables", ["-w", "-N", "DOCKER-USER"]);
      try {
        await ensureEgressNetwork(docker, flavor, names);
        const rules = execFileSync("iptables", ["-w", "-S", "DOCKER-USER"], { encoding: "utf8" }).split("\n");
        expect(rules[1]).toBe(`-A DOCKER-USER -j ${chains}`);
      } finally {
        execFileSync("iptables", ["-w", "-D", "DOCKER-USER", "-j", chains]);
        if (!hadChain) execFileSync("iptables", ["-w", "-X", "DOCKER-USER"]);
      }
    });

    test.skipIf(!bridgeTrafficFiltered())(
      "machines on the network cannot reach each other (bridged traffic passes iptables here)",
      async () => {
        const peer = await docker.createContainer({
          Image: image,
          name: `guilds-test-egress-peer-${id}`,
          User: "1000:1000",
          Cmd: ["python3", "-m", "http.server", "8000"],
          HostConfig: { Init: true, CapDrop: ["ALL"], NetworkMode: network.name, Ulimits: ULIMITS },
        });
        try {
          await peer.start();
          const inspected = await peer.inspect();
          const peerAddress = inspected.NetworkSettings.Networks[network.name]?.IPAddress as string;
          const listening = await execIn(docker, peer, [
            "bash",
            "-c",
            "for i in $(seq 50); do (exec 3<>/dev/tcp/127.0.0.1/8000) 2>/dev/null && exit 0; sleep 0.1; done; exit 1",
          ]);
          expect(listening.exitCode).toBe(0);
          const attempt = await connectFrom(peerAddress, 8000);
          expect(attempt.stderr).toContain("Connection refused");
          expect(attempt.ms).toBeLessThan(QUICKLY_MS);
        } finally {
          await peer.remove({ force: true });
        }
      },
    );
  });
}

function bridgeTrafficFiltered(): boolean {
  try {
    return readFileSync("/proc/sys/net/bridge/bridge-nf-call-iptables", "utf8").trim() === "1";
  } catch {
    return false;
  }
}

function canConnectFromHost(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

function masqueradedPackets(names: EgressNames): number {
  const chains = egressChainPrefix(names);
  const listing = execFileSync("iptables", ["-w", "-t", "nat", "-L", `${chains}-NAT`, "-v", "-n", "-x"], {
    encoding: "utf8",
  });
  const rule = listing.split("\n").find((line) => line.includes("MASQUERADE"));
  return Number(rule?.trim().split(/\s+/)[0] ?? Number.NaN);
}

/** Packets the rules letting DNS through (to the host's resolvers, to the gateway) accepted. */
function dnsAccepted(names: EgressNames): number {
  const chains = egressChainPrefix(names);
  return [chains, `${chains}-INPUT`]
    .flatMap((chain) =>
      execFileSync("iptables", ["-w", "-L", chain, "-v", "-n", "-x"], { encoding: "utf8" }).split("\n"),
    )
    .filter((line) => line.includes("dpt:53"))
    .reduce((sum, line) => sum + Number(line.trim().split(/\s+/)[0]), 0);
}

/** Every rule of the host that names the test's chains, in all tables it uses. */
function firewallListing(names: EgressNames): string[] {
  const chains = egressChainPrefix(names);
  const tables: [string, string][] = [
    ["iptables", "filter"],
    ["iptables", "nat"],
    ["ip6tables", "filter"],
  ];
  return tables.flatMap(([command, table]) =>
    execFileSync(command, ["-w", "-t", table, "-S"], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line.includes(chains) || line.includes(names.bridge))
      // Podman's CNI plugin adds isolation rules naming the bridge while a container is on it, and
      // removes them when the container goes (at times after the next test began): the engine's, not ours.
      .filter((line) => !line.includes("CNI firewall plugin rules"))
      .map((line) => `${command} ${table} ${line}`),
  );
}

function jumpsInto(names: EgressNames): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const line of firewallListing(names)) {
    const match = /^(\S+ \S+) -A (FORWARD|INPUT|POSTROUTING) /.exec(line);
    if (match !== null) counts[`${match[1]} ${match[2]}`] = (counts[`${match[1]} ${match[2]}`] ?? 0) + 1;
  }
  return counts;
}
