import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Pool } from "pg";
import { afterAll, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { createEventBus } from "../../src/events/eventBus.ts";
import { openStore } from "../../src/store/store.ts";
import { postgresForTests } from "../store/throwawayPostgres.ts";
import { appWithoutMachines } from "./appFixture.ts";
import { fillDisk, whyNoTmpfs } from "./fullDisk.ts";

/*
 * The store on PostgreSQL whose disk fills up: the store's database lives in a tablespace on a small
 * tmpfs (the cluster's WAL stays on its own disk, so the server itself goes on), and a write that
 * needs more room fails with SQLSTATE 53100, which the API answers as storage.full (507).
 */

/** postgres runs as nobody when the tests run as root (see throwawayPostgres.ts). */
const NOBODY = 65_534;
const TABLESPACE_BYTES = "24m";

const postgres = await postgresForTests({ throwaway: true });
afterAll(async () => {
  if (!("skipReason" in postgres)) await postgres.stop();
});

test("PostgreSQL's disk full: reads answer, a write answers 507 storage.full, freed space heals", {
  timeout: 60_000,
}, async (context) => {
  const unavailable = whyNotHere();
  if (unavailable !== undefined) {
    console.log(`skipped: ${unavailable}`);
    context.skip(unavailable);
  }
  if ("skipReason" in postgres) return;
  const base = mkdtempSync(path.join(tmpdir(), "guilds-pg-full-"));
  // The server's user must reach the tablespace's folder.
  chmodSync(base, 0o755);
  const space = path.join(base, "space");
  mkdirSync(space);
  execFileSync("mount", [
    "-t",
    "tmpfs",
    "-o",
    `size=${TABLESPACE_BYTES},uid=${NOBODY},gid=${NOBODY},mode=0700`,
    "tmpfs",
    space,
  ]);
  const admin = new Pool({ connectionString: postgres.url, max: 1 });
  const database = `guilds_full_${randomBytes(4).toString("hex")}`;
  let closeStore = async () => {};
  try {
    await admin.query(`create tablespace ${database} location '${space}'`);
    await admin.query(`create database ${database} tablespace ${database}`);
    const url = new URL(postgres.url);
    url.pathname = `/${database}`;
    const home = path.join(base, "home");
    const store = await openStore(
      loadConfig({
        GUILDS_HOME: home,
        DATABASE_URL: url.toString(),
        GUILDS_SECRET_KEY: randomBytes(32).toString("base64"),
      }),
    );
    const events = createEventBus(store);
    closeStore = async () => {
      events.close();
      await store.close();
    };
    const app = appWithoutMachines(store, events, home);
    const { token } = await store.tokens.create("operator");
    const call = async (method: string, route: string, body?: unknown) => {
      const response = await app.request(`http://localhost${route}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const guild = await call("POST", "/api/guilds", { name: "acme" });
    expect(guild.status).toBe(201);
    // Random text: it does not compress, so storing it takes new pages.
    const bigNote = { content: randomBytes(300_000).toString("base64") };

    fillDisk(path.join(space, "ballast"));

    expect((await call("GET", "/api/guilds")).status).toBe(200);
    const refused = await call("PUT", `/api/guilds/${guild.body.id}/notes/big.md`, bigNote);
    expect(refused.status, JSON.stringify(refused.body)).toBe(507);
    expect(refused.body.error).toMatchObject({
      code: "storage.full",
      message: expect.stringContaining("The PostgreSQL server's disk is full"),
    });
    expect((await call("GET", `/api/guilds/${guild.body.id}/notes`)).body).toMatchObject({ notes: [] });

    rmSync(path.join(space, "ballast"));
    expect((await call("PUT", `/api/guilds/${guild.body.id}/notes/big.md`, bigNote)).status).toBe(200);
  } finally {
    try {
      await closeStore();
      await admin.query(`drop database if exists ${database}`).catch(() => undefined);
      await admin.query(`drop tablespace if exists ${database}`).catch(() => undefined);
      await admin.end();
    } finally {
      execFileSync("umount", ["--lazy", space]);
      rmSync(base, { recursive: true, force: true });
    }
  }
});

/** Why this test cannot run here, or undefined when it can. */
function whyNotHere(): string | undefined {
  if ("skipReason" in postgres) return postgres.skipReason;
  return whyNoTmpfs();
}
