// The host firewall of the egress network as data: which chains hold which rules, and where the
// built-in chains jump to them. Rules are written as `iptables -S` prints them, so that a listing
// compares equal to the plan when nothing changed.

/** Destinations a machine on the egress network never reaches: this host's, private and special ranges. */
export const BLOCKED_DESTINATIONS = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.168.0.0/16",
  "224.0.0.0/4",
  "240.0.0.0/4",
] as const;

export interface EgressFirewallSettings {
  /** The network's bridge interface on the host. */
  bridge: string;
  /** Its IPv4 subnet (CIDR) and its gateway (the bridge's own address). */
  subnet: string;
  gateway: string;
  /** The host's upstream DNS resolvers (IPv4): reachable on port 53 even when in a blocked range. */
  resolvers: readonly string[];
  /** Whether a resolver listens on the gateway for the machines (Podman's aardvark-dns). */
  dnsOnGateway: boolean;
  /** The prefix of the chains' names (GUILDS-EGRESS), so that tests can keep theirs apart. */
  chainPrefix: string;
}

/** One table of one of iptables/ip6tables: our chains with their rules, and the jumps into them. */
export interface TablePlan {
  command: "iptables" | "ip6tables";
  table: "filter" | "nat";
  chains: { name: string; rules: string[] }[];
  /**
   * Each goes first in its chain, so that no other program's ACCEPT comes before it; one marked
   * `ifPresent` only where that chain exists.
   */
  jumps: { from: string; rule: string; ifPresent?: boolean }[];
}

export function egressFirewallPlan(settings: EgressFirewallSettings): TablePlan[] {
  const { bridge, subnet, gateway, chainPrefix } = settings;
  const forward = chainPrefix;
  const input = `${chainPrefix}-INPUT`;
  const reject = `${chainPrefix}-REJECT`;
  const nat = `${chainPrefix}-NAT`;
  const dnsTo = (address: string) => [
    `-d ${address}/32 -p udp -m udp --dport 53 -j ACCEPT`,
    `-d ${address}/32 -p tcp -m tcp --dport 53 -j ACCEPT`,
  ];
  // REJECT, not DROP: a refused connection fails at once instead of waiting out its timeout.
  const rejectRules = [
    "-p tcp -j REJECT --reject-with tcp-reset",
    "-j REJECT --reject-with icmp-port-unreachable",
  ];
  const filter: TablePlan = {
    command: "iptables",
    table: "filter",
    chains: [
      { name: reject, rules: rejectRules },
      {
        name: forward,
        rules: [
          // Answers to the machines' connections, also where FORWARD's policy is DROP.
          `-o ${bridge} -m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT`,
          `! -i ${bridge} -j RETURN`,
          // Between two machines of the network (seen here when br_netfilter is loaded).
          `-o ${bridge} -j ${reject}`,
          ...settings.resolvers.flatMap(dnsTo),
          ...BLOCKED_DESTINATIONS.map((destination) => `-d ${destination} -j ${reject}`),
          "-j ACCEPT",
        ],
      },
      {
        // Everything a machine sends to this host (any of its addresses) comes here.
        name: input,
        rules: [
          "-m conntrack --ctstate RELATED,ESTABLISHED -j ACCEPT",
          ...(settings.dnsOnGateway ? dnsTo(gateway) : []),
          `-j ${reject}`,
        ],
      },
    ],
    jumps: [
      { from: "FORWARD", rule: `-j ${forward}` },
      // Docker with its own iptables rules puts them (an ACCEPT of the network's traffic among them)
      // above ours when it starts; its DOCKER-USER chain is jumped to before them and left to us.
      { from: "DOCKER-USER", rule: `-j ${forward}`, ifPresent: true },
      { from: "INPUT", rule: `-i ${bridge} -j ${input}` },
    ],
  };
  const masquerade: TablePlan = {
    command: "iptables",
    table: "nat",
    chains: [{ name: nat, rules: [`-s ${subnet} ! -o ${bridge} -j MASQUERADE`] }],
    jumps: [{ from: "POSTROUTING", rule: `-j ${nat}` }],
  };
  // The network has no IPv6, but the bridge has a link-local address: nothing over IPv6 passes.
  const ipv6: TablePlan = {
    command: "ip6tables",
    table: "filter",
    chains: [
      {
        name: reject,
        rules: ["-p tcp -j REJECT --reject-with tcp-reset", "-j REJECT --reject-with icmp6-port-unreachable"],
      },
    ],
    jumps: [
      { from: "FORWARD", rule: `-i ${bridge} -j ${reject}` },
      { from: "INPUT", rule: `-i ${bridge} -j ${reject}` },
    ],
  };
  return [filter, masquerade, ipv6];
}
