import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { GuildsError } from "@guilds/protocol/guildsError";
import type { ServerHolder, ServerLease, ServerLeaseStore } from "../store/serverLeaseStore.ts";
import { pidNamespaceOf, processExists, processStartOf } from "./processIdentity.ts";

/** How long a claim holds without renewal: how long a server on another host that died blocks a new one. */
export const SERVER_LEASE_TTL_MS = 30_000;
export const SERVER_LEASE_RENEW_MS = 10_000;

export interface ServerClaim {
  holder: ServerHolder;
  /** Resolves, with what to tell the operator, if another server took the database over. */
  lost: Promise<string>;
  /** Stops renewing and gives the lease up; safe to call twice. */
  release(): Promise<void>;
}

export interface ClaimOptions {
  logger: { warn(message: string): void };
  ttlMs?: number;
  renewMs?: number;
}

/**
 * Makes this process the one server of the store, or refuses with who holds it. A holder is gone
 * when its claim ran out, or when it ran on this host and its process is no more (a server killed
 * and started again takes over at once); a live one on another host blocks until it stops.
 */
export async function claimServer(lease: ServerLeaseStore, options: ClaimOptions): Promise<ServerClaim> {
  const ttlMs = options.ttlMs ?? SERVER_LEASE_TTL_MS;
  const holder: ServerHolder = {
    id: randomUUID(),
    host: hostname(),
    pid: process.pid,
    processStart: processStartOf(process.pid),
  };
  const expiry = () => new Date(Date.now() + ttlMs);
  // Two tries: a claimant that was first between our read and our write is read again.
  for (let attempt = 0; ; attempt += 1) {
    const current = await lease.current();
    if (current !== undefined && !isGone(current, holder))
      throw new GuildsError("server.running", inUse(current));
    if (await lease.claim(holder, expiry(), current?.holder.id ?? null)) break;
    if (attempt === 1)
      throw new GuildsError(
        "server.running",
        "Another guilds server claimed this database as this one started: stop one of them.",
      );
  }
  return renewing(lease, holder, { ...options, expiry });
}

function renewing(
  lease: ServerLeaseStore,
  holder: ServerHolder,
  options: ClaimOptions & { expiry: () => Date },
): ServerClaim {
  let reportLost: (why: string) => void = () => undefined;
  const lost = new Promise<string>((resolve) => {
    reportLost = resolve;
  });
  let failing = false;
  const timer = setInterval(async () => {
    try {
      if (await lease.renew(holder.id, options.expiry())) {
        failing = false;
        return;
      }
      clearInterval(timer);
      reportLost(
        "another guilds server took this database over: this one did not renew its claim in time. Stopping this one.",
      );
    } catch (error) {
      if (!failing)
        options.logger.warn(`renewing this server's claim on the database failed: ${String(error)}`);
      failing = true;
    }
  }, options.renewMs ?? SERVER_LEASE_RENEW_MS);
  timer.unref();
  let released: Promise<void> | undefined;
  return {
    holder,
    lost,
    release: () => {
      clearInterval(timer);
      released ??= lease.release(holder.id);
      return released;
    },
  };
}

function isGone(lease: ServerLease, me: ServerHolder): boolean {
  if (Date.parse(lease.expiresAt) <= Date.now()) return true;
  const { holder } = lease;
  if (holder.host !== me.host) return false;
  if (holder.processStart === null || me.processStart === null) return !processExists(holder.pid);
  // Another pid namespace (a container with the same host name) hides its processes: wait for expiry.
  if (pidNamespaceOf(holder.processStart) !== pidNamespaceOf(me.processStart)) return false;
  return processStartOf(holder.pid) !== holder.processStart;
}

function inUse(lease: ServerLease): string {
  const { holder } = lease;
  const seconds = Math.max(1, Math.ceil((Date.parse(lease.expiresAt) - Date.now()) / 1000));
  return (
    `Another guilds server uses this database: pid ${holder.pid} on ${holder.host}, since ${lease.claimedAt}. ` +
    "Two servers on one database would each mark the other's runs interrupted. Stop that server first, " +
    "or give this one its own data (another GUILDS_HOME, or another DATABASE_URL). " +
    `If that server is gone without stopping, its claim runs out at ${lease.expiresAt} (in ${seconds} s); start this one again then.`
  );
}
