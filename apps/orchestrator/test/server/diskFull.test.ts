import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, statfsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { expect, test } from "vitest";
import { type Services, startServices } from "../../src/app/startServices.ts";
import { loadConfig } from "../../src/config.ts";
import { sqliteStorageError } from "../../src/store/sqliteStorageErrors.ts";
import { fillDisk, whyNoTmpfs } from "./fullDisk.ts";
import { frameReader } from "./sseFrames.ts";

/*
 * Issue 11, item 5: the data folder's disk fills up under a running server. With the data folder on
 * a small tmpfs of its own (and the machines elsewhere, GUILDS_MACHINES_DIR), the real services and
 * HTTP server keep answering reads and token checks, refuse writes with storage.full (507), fail the
 * run whose writes fail rather than leave it running, and work again once space is freed.
 */

const DATA_FOLDER_BYTES = "24m";
/** Long enough to fill the disk while the run's first generation waits. */
const GENERATION_DELAY_MS = 1_500;
const WAIT_MS = 10_000;

interface Json {
  readonly [key: string]: Json;
}

test("a full data folder: reads answer, writes answer 507 storage.full, the run fails, space freed heals", {
  timeout: 30_000,
}, async (context) => {
  const unavailable = whyNoTmpfs();
  if (unavailable !== undefined) {
    console.log(`skipped: ${unavailable}`);
    context.skip(unavailable);
  }
  const base = mkdtempSync(path.join(tmpdir(), "guilds-full-"));
  const home = path.join(base, "data");
  mkdirSync(home);
  execFileSync("mount", ["-t", "tmpfs", "-o", `size=${DATA_FOLDER_BYTES}`, "tmpfs", home]);
  const logged: string[] = [];
  let services: Services | undefined;
  let server: ReturnType<typeof createAdaptorServer> | undefined;
  try {
    const environment = {
      GUILDS_HOME: home,
      GUILDS_MACHINES_DIR: path.join(base, "machines"),
      GUILDS_SECRET_KEY: randomBytes(32).toString("base64"),
    };
    const config = loadConfig(environment);
    expect(config.machinesDir).toBe(path.join(base, "machines"));
    const log = (message: string) => logged.push(message);
    services = await startServices(config, {
      environment,
      sandbox: "unconfined",
      logger: { info: log, warn: log, error: log },
    });
    const listening = createAdaptorServer({ fetch: services.app.fetch });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const { token } = await services.store.tokens.create("operator");
    // Never used before the disk fills: its first check wants to write its last-used stamp.
    const { token: unusedToken } = await services.store.tokens.create("unused");
    const api = async (method: string, route: string, body?: unknown, bearer = token) => {
      const response = await fetch(`${url}${route}`, {
        method,
        headers: { Authorization: `Bearer ${bearer}`, "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };

    const guild = await api("POST", "/api/guilds", { name: "acme" });
    expect(guild.status).toBe(201);
    const agent = await api("POST", `/api/guilds/${guild.body.id}/agents`, {
      name: "thinker",
      model: { provider: "scripted", name: "scripted" },
      coding: false,
      script: { steps: [{ type: "reply", text: "Thought it over.", delay_ms: GENERATION_DELAY_MS }] },
    });
    expect(agent.status, JSON.stringify(agent.body)).toBe(201);
    const started = await api("POST", `/api/agents/${agent.body.id}/runs`, { message: "think" });
    expect(started.status).toBe(201);
    const runId = String(started.body.id);
    const events = await fetch(`${url}/api/runs/${runId}/events`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const frames = frameReader(events.body);
    await withDeadline(frameOfType(frames, "generation.started"), "generation.started");

    fillDisk(path.join(home, "ballast"));
    expect(statfsSync(home).bavail).toBe(0);

    // Reads and token checks need no write.
    expect((await api("GET", "/api/guilds")).status).toBe(200);
    expect((await api("GET", `/api/runs/${runId}`, undefined, unusedToken)).status).toBe(200);
    expect((await api("GET", `/api/agents/${agent.body.id}`)).status).toBe(200);
    // A write fails alone, and says why.
    const refused = await api("POST", "/api/guilds", { name: "beta" });
    expect(refused.status).toBe(507);
    expect(refused.body.error?.code).toBe("storage.full");
    expect(String(refused.body.error?.message)).toContain("The data folder's disk is full");
    expect(String(refused.body.error?.message)).toContain("free space");
    // SQLite reports some writes refused for want of space as an I/O error: the free space tells.
    const ioError = () => Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_FSYNC" });
    expect(sqliteStorageError(ioError(), home)).toMatchObject({ code: "storage.full", status: 507 });
    expect(sqliteStorageError(ioError(), base)).toMatchObject({ code: "SQLITE_IOERR_FSYNC" });
    // A transaction SQLite rolled back by itself fails with why, not "cannot rollback".
    await expect(
      services.store.transaction((stores) => stores.guilds.create({ name: "gamma" })),
    ).rejects.toMatchObject({
      code: "storage.full",
    });

    // The run's answer cannot be stored: its live stream ends (with run.ended, if that could be stored).
    const ending = await withDeadline(
      frameOfType(frames, "run.ended").then(
        (frame) => frame,
        () => "closed",
      ),
      "the run's stream to end",
    );
    if (ending !== "closed") expect(ending).toContain("storage.full");
    expect((await api("GET", "/api/guilds")).status).toBe(200);

    rmSync(path.join(home, "ballast"));
    const failed = await runEnded(api, runId);
    expect(failed.status).toBe("failed");
    expect(String(failed.status_reason)).toMatch(/^storage\.full: The data folder's disk is full/);
    // Its generation, whose end could not be stored either, ended with it.
    const [generation] = await services.store.generations.list(runId);
    expect(generation).toMatchObject({ status: "failed", error: failed.status_reason });

    // Space again: writes and runs work.
    expect((await api("POST", "/api/guilds", { name: "beta" })).status).toBe(201);
    const again = await api("POST", `/api/agents/${agent.body.id}/runs`, { message: "again" });
    expect(again.status).toBe(201);
    const completed = await runEnded(api, String(again.body.id));
    expect(completed.status).toBe("completed");
    expect(logged.join("\n")).not.toContain("cannot rollback");
  } finally {
    try {
      if (server !== undefined) {
        const closed = new Promise((resolve) => server?.close(resolve));
        // An open event stream would hold close() forever.
        if ("closeAllConnections" in server) server.closeAllConnections();
        await closed;
      }
      await services?.close();
    } finally {
      // Lazy: a file some failure left open cannot keep the folder mounted.
      execFileSync("umount", ["--lazy", home]);
      rmSync(base, { recursive: true, force: true });
    }
  }
});

/** The first frame of `type`; rejects when the stream ends first. */
async function frameOfType(frames: ReturnType<typeof frameReader>, type: string): Promise<string> {
  for (;;) {
    const frame = await frames.nextEvent();
    if (frame.startsWith(`event: ${type}\n`)) return frame;
  }
}

async function runEnded(
  api: (method: string, route: string) => Promise<{ status: number; body: Json }>,
  runId: string,
): Promise<Json> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const run = await api("GET", `/api/runs/${runId}`);
    if (String(run.body.status) !== "running") return run.body;
    if (Date.now() > deadline) throw new Error(`run ${runId} still runs after ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function withDeadline<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`waited ${WAIT_MS} ms for ${what}`)), WAIT_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
