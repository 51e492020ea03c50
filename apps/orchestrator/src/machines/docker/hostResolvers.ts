import { readFileSync } from "node:fs";

/**
 * The host's upstream DNS resolvers (IPv4) from /etc/resolv.conf, loopback ones left out: Docker's
 * embedded DNS forwards a machine's queries to them from the machine's own network namespace, so the
 * egress firewall must let port 53 through to them even when they are in a private range.
 * (Docker replaces a loopback resolver with public ones; Podman's aardvark-dns asks from the host.)
 */
export function hostResolvers(resolvConf = "/etc/resolv.conf"): string[] {
  let text: string;
  try {
    text = readFileSync(resolvConf, "utf8");
  } catch {
    return [];
  }
  const resolvers = new Set<string>();
  for (const line of text.split("\n")) {
    const match = /^\s*nameserver\s+(\d{1,3}(?:\.\d{1,3}){3})\s*$/.exec(line);
    if (match?.[1] !== undefined && !match[1].startsWith("127.")) resolvers.add(match[1]);
  }
  return [...resolvers];
}
