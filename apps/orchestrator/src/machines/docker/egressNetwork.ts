import { GuildsError } from "@guilds/protocol/guildsError";
import type Docker from "dockerode";
import { ensureEgressFirewall } from "./egressFirewall.ts";
import type { EgressFirewallSettings } from "./egressRules.ts";
import type { EngineFlavor } from "./engineFlavor.ts";
import { hostResolvers } from "./hostResolvers.ts";

/** The engine network of machines whose network mode is `egress`. */
export const EGRESS_NETWORK_NAME = "guilds-egress";

/**
 * Its bridge interface on the host, fixed so that the firewall rules can name it; one per engine, as
 * both may run on one host (interfaces and iptables chains are the host's, network names the engine's).
 */
export const EGRESS_BRIDGE_NAMES: Record<EngineFlavor, string> = {
  docker: "guilds-egress0",
  podman: "guilds-egress1",
};

export interface EgressNetwork {
  name: string;
  bridge: string;
  subnet: string;
  gateway: string;
}

/** The network's name and its bridge's (at most 15 characters); tests use their own. */
export interface EgressNames {
  network: string;
  bridge: string;
}

export function egressNames(flavor: EngineFlavor): EgressNames {
  return { network: EGRESS_NETWORK_NAME, bridge: EGRESS_BRIDGE_NAMES[flavor] };
}

/** The firewall's chains are named after the bridge: GUILDS-EGRESS0, GUILDS-EGRESS0-INPUT, … */
export function egressChainPrefix(names: EgressNames): string {
  return names.bridge.toUpperCase();
}

const BRIDGE_NAME_OPTION = "com.docker.network.bridge.name";

let queue: Promise<unknown> = Promise.resolve();

/**
 * The egress network on the engine, made when missing (a bridge network whose subnet the engine
 * picks), and the host firewall that gives it its meaning: out to public addresses (masqueraded),
 * never to this host, private, link-local or special ranges. Idempotent and cheap when all is in
 * place: call it before each machine is created or started (a host restart empties the firewall).
 * Calls of one process run one after another; other processes converge (see egressFirewall.ts).
 * Needs root on the engine's host (see EGRESS.md).
 */
export function ensureEgressNetwork(
  docker: Docker,
  flavor: EngineFlavor,
  names: EgressNames = egressNames(flavor),
): Promise<EgressNetwork> {
  const result = queue.then(async () => {
    const network = await ensureNetwork(docker, flavor, names);
    await ensureEgressFirewall(firewallSettings(network, flavor, names));
    return network;
  });
  queue = result.catch(() => undefined);
  return result;
}

export function firewallSettings(
  network: EgressNetwork,
  flavor: EngineFlavor,
  names: EgressNames,
): EgressFirewallSettings {
  return {
    bridge: network.bridge,
    subnet: network.subnet,
    gateway: network.gateway,
    resolvers: hostResolvers(),
    // Podman's networks made over its Docker API have DNS on: aardvark-dns answers on the gateway.
    dnsOnGateway: flavor === "podman",
    chainPrefix: egressChainPrefix(names),
  };
}

async function ensureNetwork(
  docker: Docker,
  flavor: EngineFlavor,
  names: EgressNames,
): Promise<EgressNetwork> {
  const existing = await findNetwork(docker, names.network);
  if (existing !== undefined) return checkedNetwork(docker, flavor, names, existing);
  try {
    await docker.createNetwork({
      Name: names.network,
      Driver: "bridge",
      CheckDuplicate: true,
      // Podman takes the interface's name from this option too (its netavark's network_interface).
      Options: { [BRIDGE_NAME_OPTION]: names.bridge },
      Labels: { "guilds.network": "egress" },
    });
  } catch (caught) {
    // Another process made it in between (a name, or the bridge's name, already taken): use that one.
    const made = await findNetwork(docker, names.network);
    if (made === undefined) throw engineFailed(`could not make the network ${names.network}`, caught);
    return checkedNetwork(docker, flavor, names, made);
  }
  const made = await findNetwork(docker, names.network);
  if (made === undefined) throw engineFailed(`made the network ${names.network}, then could not find it`);
  return checkedNetwork(docker, flavor, names, made);
}

async function findNetwork(docker: Docker, name: string): Promise<Docker.NetworkInspectInfo | undefined> {
  try {
    const listed = await docker.listNetworks({ filters: { name: [name] } });
    return listed
      .filter((network) => network.Name === name)
      .sort((a, b) => a.Created.localeCompare(b.Created))[0];
  } catch (caught) {
    throw engineFailed("could not list its networks", caught);
  }
}

/** The network as this module makes it, or engine.failed saying what differs and how to fix it. */
async function checkedNetwork(
  docker: Docker,
  flavor: EngineFlavor,
  names: EgressNames,
  network: Docker.NetworkInspectInfo,
): Promise<EgressNetwork> {
  const ipv4 = (network.IPAM?.Config ?? []).find((config) => config.Subnet?.includes(".") === true);
  const bridge = await bridgeOf(docker, flavor, network);
  const fix = `Remove it (docker network rm ${names.network}, or podman network rm) and it is made again as needed.`;
  if (network.Driver !== "bridge" || bridge !== names.bridge) {
    throw engineFailed(
      `has a network ${names.network} with driver ${network.Driver} and bridge interface ${bridge ?? "(not named)"}, not a bridge network on the interface ${names.bridge}. ${fix}`,
    );
  }
  if (ipv4?.Subnet === undefined || ipv4.Gateway === undefined) {
    throw engineFailed(`has a network ${names.network} without an IPv4 subnet and gateway. ${fix}`);
  }
  return { name: network.Name, bridge, subnet: ipv4.Subnet, gateway: ipv4.Gateway };
}

/**
 * Podman's Docker API leaves the bridge's name out of the network's options; its own API has it (under
 * a version prefix, any Podman 4 or later takes).
 */
async function bridgeOf(
  docker: Docker,
  flavor: EngineFlavor,
  network: Docker.NetworkInspectInfo,
): Promise<string | undefined> {
  if (flavor === "docker") return network.Options?.[BRIDGE_NAME_OPTION];
  const inspected = await new Promise<{ network_interface?: string }>((resolve, reject) => {
    docker.modem.dial(
      {
        path: `/v4.0.0/libpod/networks/${encodeURIComponent(network.Id)}/json`,
        method: "GET",
        statusCodes: { 200: true, 404: "no such network", 500: "server error" },
      },
      (error, data) => (error ? reject(error) : resolve(data as { network_interface?: string })),
    );
  }).catch((caught: unknown) => {
    throw engineFailed(`could not inspect the network ${network.Name} over Podman's API`, caught);
  });
  return inspected.network_interface;
}

function engineFailed(what: string, caught?: unknown): GuildsError {
  const reason = caught === undefined ? "" : `: ${caught instanceof Error ? caught.message : String(caught)}`;
  return new GuildsError("engine.failed", `The container engine ${what}${reason}`);
}
