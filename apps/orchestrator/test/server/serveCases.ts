import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect } from "vitest";
import { freePort } from "../cli/cliProcess.ts";
import { runCli } from "../cli/runCli.ts";
import { machineEnvironment, removeServerContainers } from "../machines/docker/containerEngines.ts";
import { processesWith, uniqueMarker } from "../toolbox/processScan.ts";
import { type LiveServe, type openRunEvents, type StreamEvent, startServe, stopServe } from "./liveServe.ts";

/** A test's own data folder, `guilds serve` processes and marked processes. */
export interface ServeCase {
  /** A fresh data folder, removed after the test. */
  home(prefix: string): string;
  /** A name for the test's processes; any process whose command line holds it is killed after the test. */
  marker(): string;
  /** `guilds serve` on the environment (PORT set), stopped after the test if it still runs. */
  serve(environment: Record<string, string>): Promise<LiveServe>;
}

/** For each test of the file that calls it: whatever the test started is ended after it, however it ended. */
export function useServeCase(): ServeCase {
  let servers: LiveServe[] = [];
  let markers: string[] = [];
  let homes: string[] = [];
  afterEach(async () => {
    for (const server of servers) await stopServe(server);
    // A failed test may leave its command behind (even inside a sandbox, as another uid).
    for (const marker of markers) {
      for (const pid of processesWith(marker)) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {}
      }
    }
    // A container machine outlives its server: the containers of each data folder's server go too.
    for (const home of homes) await removeServerContainers(path.join(home, "machines"));
    // A home image may still be unmounting just after its server exited (EBUSY): retried.
    for (const home of homes) rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    servers = [];
    markers = [];
    homes = [];
  });
  return {
    home(prefix) {
      const home = mkdtempSync(path.join(tmpdir(), prefix));
      homes.push(home);
      return home;
    },
    marker() {
      const marker = uniqueMarker();
      markers.push(marker);
      return marker;
    },
    async serve(environment) {
      const server = await startServe(environment);
      servers.push(server);
      return server;
    },
  };
}

export interface ScriptedAgent {
  environment: Record<string, string>;
  agentId: string;
  /** An operator token of the data folder. */
  token: string;
  /** A free port for its servers. */
  port: number;
}

/** In `home`: guild acme, its agent "sleeper" on the scripted provider playing `script`, a token. */
export async function scriptedAgent(home: string, sandbox: string, script: object): Promise<ScriptedAgent> {
  // A bwrap machine runs as another uid when the tests run as root: it must reach the home's folder.
  chmodSync(home, 0o755);
  const environment = { GUILDS_HOME: home, ...machineEnvironment(sandbox) };
  const scriptFile = path.join(home, "script.json");
  writeFileSync(scriptFile, JSON.stringify(script));
  await cli(["guild", "create", "acme"], environment);
  const created = await cli(
    ["agent", "create", "acme", "sleeper", "--provider", "scripted", "--script", scriptFile],
    environment,
  );
  const agentId = /\((ag_\w+)\)/.exec(created)?.[1] ?? "";
  expect(agentId).not.toBe("");
  const token = (await cli(["token", "create", "me"], environment)).trim();
  return { environment, agentId, token, port: await freePort() };
}

/** A CLI call that must succeed; its stdout. */
export async function cli(args: string[], environment: Record<string, string>): Promise<string> {
  const run = await runCli(args, environment);
  expect(run.code, `guilds ${args.join(" ")}: ${run.stderr}`).toBe(0);
  return run.stdout;
}

/** Runs `work`, failing once `ms` have passed; the work is then abandoned (its failure is no news). */
export async function withDeadline(ms: number, what: string, work: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  const running = work();
  running.catch(() => undefined);
  try {
    await Promise.race([running, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** A run's live events up to the first of type `type` (run.ended, say), within `ms`. */
export async function eventsUntil(
  live: Awaited<ReturnType<typeof openRunEvents>>,
  type: string,
  ms: number,
): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  await withDeadline(ms, type, async () => {
    while (events.at(-1)?.type !== type) {
      const event = await live.next();
      if (event === undefined) throw new Error(`the stream ended before ${type}`);
      events.push(event);
    }
  });
  return events;
}
