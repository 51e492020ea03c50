import { execFile } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { GuildsError } from "@guilds/protocol/guildsError";
import { type EgressFirewallSettings, egressFirewallPlan, type TablePlan } from "./egressRules.ts";

const IP_FORWARD = "/proc/sys/net/ipv4/ip_forward";
const TOOL_TIMEOUT_MS = 30_000;
/** A restore that fails because another process changed the table in between is tried again. */
const RESTORE_ATTEMPTS = 6;

/**
 * Makes the host firewall of the egress network what egressFirewallPlan says, and turns on IPv4
 * forwarding. Idempotent: a table already as planned is left alone (its counters too); one that is not
 * is rewritten in one iptables-restore transaction, so that no packet ever sees half of it, and
 * concurrent callers (other processes too) converge on the same rules.
 */
export async function ensureEgressFirewall(settings: EgressFirewallSettings): Promise<void> {
  enableIpForwarding();
  for (const plan of hostPlans(settings)) await ensureTable(plan);
}

/** Takes the rules away again: the jumps, then the chains (what is not there is skipped). */
export async function removeEgressFirewall(settings: EgressFirewallSettings): Promise<void> {
  for (const plan of hostPlans(settings)) {
    const current = parseListing(await listTable(plan));
    const lines = [`*${plan.table}`];
    for (const jump of plan.jumps) {
      for (const rule of current.rules.get(jump.from) ?? []) {
        if (rule === jump.rule) lines.push(`-D ${jump.from} ${rule}`);
      }
    }
    const ours = plan.chains.filter((chain) => current.chains.has(chain.name));
    for (const chain of ours) lines.push(`-F ${chain.name}`);
    for (const chain of ours) lines.push(`-X ${chain.name}`);
    if (lines.length > 1) await restore(plan, [...lines, "COMMIT", ""].join("\n"));
  }
}

/** The IPv6 table only where the kernel has IPv6. */
function hostPlans(settings: EgressFirewallSettings): TablePlan[] {
  const ipv6 = existsSync("/proc/net/if_inet6");
  return egressFirewallPlan(settings).filter((plan) => plan.command === "iptables" || ipv6);
}

function enableIpForwarding(): void {
  try {
    if (readFileSync(IP_FORWARD, "utf8").trim() === "1") return;
    writeFileSync(IP_FORWARD, "1");
  } catch (caught) {
    throw new GuildsError(
      "network.firewall_failed",
      `The egress network needs IPv4 forwarding, and ${IP_FORWARD} could not be set to 1: ${messageOf(caught)}. Run the server as root, or set net.ipv4.ip_forward=1 on the host (sysctl -w net.ipv4.ip_forward=1; /etc/sysctl.d/ to keep it).`,
    );
  }
}

/**
 * Lists, restores what differs, and lists again until the table reads as planned: two processes that
 * both found a jump missing and both inserted it find two, and one of them takes the extra one away
 * (the other's restore, deleting the same copies, fails as a whole and is tried again).
 */
async function ensureTable(plan: TablePlan): Promise<void> {
  let failure: unknown;
  for (let attempt = 1; attempt <= RESTORE_ATTEMPTS; attempt++) {
    const script = restoreScript(plan, parseListing(await listTable(plan)));
    if (script === undefined) return;
    try {
      await restore(plan, script);
      failure = undefined;
    } catch (caught) {
      failure = caught;
      // Another process's restore won the race: let it finish before listing again.
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    }
  }
  // Every restore went through yet the listing never read back as planned: this iptables prints some
  // rule unlike the plan. The rules are in place; each call rewrites them (their counters restart).
  if (failure !== undefined) throw failure;
}

interface Listing {
  chains: Set<string>;
  rules: Map<string, string[]>;
}

/** `iptables -S` lines: `-P CHAIN POLICY`, `-N CHAIN`, `-A CHAIN rule…`. */
function parseListing(listing: string): Listing {
  const chains = new Set<string>();
  const rules = new Map<string, string[]>();
  for (const line of listing.split("\n")) {
    const [flag, chain, ...rest] = line.trim().split(" ");
    if (chain === undefined) continue;
    if (flag === "-N" || flag === "-P") chains.add(chain);
    if (flag === "-A") rules.set(chain, [...(rules.get(chain) ?? []), rest.join(" ")]);
  }
  return { chains, rules };
}

/** The iptables-restore input that makes the table as planned, or undefined when it already is. */
function restoreScript(plan: TablePlan, current: Listing): string | undefined {
  const chainsAsPlanned = plan.chains.every(
    (chain) => current.chains.has(chain.name) && sameRules(current.rules.get(chain.name) ?? [], chain.rules),
  );
  const jumps = plan.jumps.filter((jump) => !jump.ifPresent || current.chains.has(jump.from));
  const jumpsToFix = jumps.filter((jump) => {
    const rules = current.rules.get(jump.from) ?? [];
    return rules[0] !== jump.rule || rules.filter((rule) => rule === jump.rule).length !== 1;
  });
  if (chainsAsPlanned && jumpsToFix.length === 0) return undefined;
  const lines = [`*${plan.table}`];
  if (!chainsAsPlanned) {
    // Declaring a chain in a --noflush restore creates it, or empties it when it exists.
    for (const chain of plan.chains) lines.push(`:${chain.name} - [0:0]`);
    for (const chain of plan.chains) for (const rule of chain.rules) lines.push(`-A ${chain.name} ${rule}`);
  }
  for (const jump of jumpsToFix) {
    for (const rule of current.rules.get(jump.from) ?? []) {
      if (rule === jump.rule) lines.push(`-D ${jump.from} ${rule}`);
    }
    lines.push(`-I ${jump.from} 1 ${jump.rule}`);
  }
  return [...lines, "COMMIT", ""].join("\n");
}

function sameRules(current: string[], planned: string[]): boolean {
  return current.length === planned.length && current.every((rule, index) => rule === planned[index]);
}

function listTable(plan: TablePlan): Promise<string> {
  return runTool(plan.command, ["-w", "-t", plan.table, "-S"]);
}

function restore(plan: TablePlan, script: string): Promise<string> {
  return runTool(`${plan.command}-restore`, ["-w", "--noflush"], script);
}

function runTool(command: string, args: string[], stdin?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      { env: { PATH: "/usr/sbin:/usr/bin:/sbin:/bin" }, timeout: TOOL_TIMEOUT_MS },
      (error, stdout, stderr) => {
        if (error === null) return resolve(stdout);
        const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
        reject(
          new GuildsError(
            "network.firewall_failed",
            missing
              ? `The egress network's host firewall needs ${command}, which is not installed: install the iptables package (apt-get install iptables).`
              : `${command} ${args.join(" ")} failed: ${stderr.trim() || error.message}. The egress network's host firewall needs root (CAP_NET_ADMIN) and the kernel's netfilter (nf_tables or ip_tables).${stdin === undefined ? "" : ` Its input was:\n${stdin}`}`,
          ),
        );
      },
    );
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

function messageOf(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}
