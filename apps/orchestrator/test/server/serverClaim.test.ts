import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { afterEach, expect, test } from "vitest";
import { pidNamespaceOf, processStartOf } from "../../src/app/processIdentity.ts";
import { claimServer } from "../../src/app/serverClaim.ts";
import { startServices } from "../../src/app/startServices.ts";
import { loadConfig } from "../../src/config.ts";
import type { ServerHolder } from "../../src/store/serverLeaseStore.ts";
import { openStore, type Store } from "../../src/store/store.ts";

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function freshHome(): Promise<string> {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-claim-"));
  cleanups.push(() => rm(home, { recursive: true, force: true }));
  return home;
}

async function freshStore(): Promise<Store> {
  const store = await openStore(loadConfig({ GUILDS_HOME: await freshHome() }));
  cleanups.push(() => store.close());
  return store;
}

async function refusal(promise: Promise<unknown>): Promise<GuildsError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(caught instanceof GuildsError))
    throw new Error(`expected the start to be refused, got ${String(caught)}`);
  expect(caught.code).toBe("server.running");
  return caught;
}

const inAMinute = () => new Date(Date.now() + 60_000);

test("a second server on the same data is refused, naming the first; once the first stops, it starts", async () => {
  const config = loadConfig({ GUILDS_HOME: await freshHome() });
  const first = await startServices(config, { environment: {}, sandbox: "unconfined", logger: quiet });
  const lease = await first.store.serverLease.current();

  const refused = await refusal(
    startServices(config, { environment: {}, sandbox: "unconfined", logger: quiet }),
  );

  expect(refused.message).toMatch(
    new RegExp(
      `^Another guilds server uses this database: pid ${process.pid} on ${hostname()}, since ${lease?.claimedAt}\\. ` +
        "Two servers on one database would each mark the other's runs interrupted\\. Stop that server first, " +
        "or give this one its own data \\(another GUILDS_HOME, or another DATABASE_URL\\)\\. " +
        `If that server is gone without stopping, its claim runs out at ${lease?.expiresAt} \\(in ([0-9]+) s\\); start this one again then\\.$`,
    ),
  );
  const seconds = Number(/\(in ([0-9]+) s\)/.exec(refused.message)?.[1]);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(30);
  await first.close();
  const between = await openStore(config);
  expect(await between.serverLease.current()).toBeUndefined();
  await between.close();

  const second = await startServices(config, { environment: {}, sandbox: "unconfined", logger: quiet });
  expect((await second.store.serverLease.current())?.holder.pid).toBe(process.pid);
  await second.close();
});

test("a server killed on this host is taken over at once, as is a holder whose pid now names another process", async () => {
  const store = await freshStore();
  const child = spawn("sleep", ["30"], { stdio: "ignore" });
  await once(child, "spawn");
  const pid = child.pid ?? 0;
  const killed: ServerHolder = { id: "killed", host: hostname(), pid, processStart: processStartOf(pid) };
  expect(killed.processStart).not.toBeNull();
  child.kill("SIGKILL");
  await once(child, "exit");
  await store.serverLease.claim(killed, inAMinute(), null);

  const claim = await claimServer(store.serverLease, { logger: quiet });
  expect((await store.serverLease.current())?.holder.id).toBe(claim.holder.id);
  await claim.release();

  // This very pid, but started at another time: the process that held the lease is gone.
  const reused: ServerHolder = {
    id: "reused",
    host: hostname(),
    pid: process.pid,
    processStart: `${pidNamespaceOf("self")}:1`,
  };
  await store.serverLease.claim(reused, inAMinute(), null);
  const again = await claimServer(store.serverLease, { logger: quiet });
  expect((await store.serverLease.current())?.holder.id).toBe(again.holder.id);
  await again.release();
});

test("a live holder on another host, or in another pid namespace, blocks until its claim runs out", async () => {
  const store = await freshStore();
  const elsewhere: ServerHolder = { id: "elsewhere", host: "build-7", pid: 4242, processStart: "pid:[1]:99" };
  await store.serverLease.claim(elsewhere, inAMinute(), null);
  const refused = await refusal(claimServer(store.serverLease, { logger: quiet }));
  expect(refused.message).toContain("pid 4242 on build-7");

  const container: ServerHolder = { id: "container", host: hostname(), pid: 1, processStart: "pid:[1]:99" };
  await store.serverLease.claim(container, inAMinute(), "elsewhere");
  await refusal(claimServer(store.serverLease, { logger: quiet }));

  await store.serverLease.renew("container", new Date(Date.now() - 1));
  const claim = await claimServer(store.serverLease, { logger: quiet });
  expect((await store.serverLease.current())?.holder.id).toBe(claim.holder.id);
  await claim.release();
});

test("a server whose claim another takes over is told to stop", async () => {
  const store = await freshStore();
  const claim = await claimServer(store.serverLease, { logger: quiet, renewMs: 20 });
  const renewedUntil = (await store.serverLease.current())?.expiresAt;
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(Date.parse((await store.serverLease.current())?.expiresAt ?? "")).toBeGreaterThan(
    Date.parse(renewedUntil ?? ""),
  );

  const usurper: ServerHolder = { id: "usurper", host: "build-7", pid: 1, processStart: null };
  expect(await store.serverLease.claim(usurper, inAMinute(), claim.holder.id)).toBe(true);

  expect(await claim.lost).toBe(
    "another guilds server took this database over: this one did not renew its claim in time. Stopping this one.",
  );
  await claim.release();
  expect((await store.serverLease.current())?.holder.id).toBe("usurper");
});
