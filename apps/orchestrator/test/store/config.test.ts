import os from "node:os";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { describe, expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";

describe("loadConfig", () => {
  test("defaults: ~/.guilds (/var/lib/guilds for root), SQLite inside it, the key file", () => {
    const config = loadConfig({});
    const home = process.getuid?.() === 0 ? "/var/lib/guilds" : path.join(os.homedir(), ".guilds");
    expect(config).toEqual({
      home,
      database: { kind: "sqlite", path: path.join(home, "guilds.db") },
      secretKey: undefined,
      harnessDir: path.join(home, "harnesses"),
      machinesDir: path.join(home, "machines"),
      sandboxNetwork: "isolated",
      machineProvider: "local",
      sandboxSeccomp: "on",
      machineLimitsMode: "on",
      mcpIdleMs: 60 * 60_000,
    });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.database)).toBe(true);
  });

  test("GUILDS_HOME moves the database; empty settings mean unset", () => {
    const config = loadConfig({ GUILDS_HOME: "/srv/guilds", DATABASE_URL: " ", GUILDS_SECRET_KEY: "" });
    expect(config).toEqual({
      home: "/srv/guilds",
      database: { kind: "sqlite", path: "/srv/guilds/guilds.db" },
      secretKey: undefined,
      harnessDir: "/srv/guilds/harnesses",
      machinesDir: "/srv/guilds/machines",
      sandboxNetwork: "isolated",
      machineProvider: "local",
      sandboxSeccomp: "on",
      machineLimitsMode: "on",
      mcpIdleMs: 60 * 60_000,
    });
  });

  test("GUILDS_MCP_IDLE_MINUTES: minutes above 0, fractions too; anything else says what it takes", () => {
    expect(loadConfig({ GUILDS_MCP_IDLE_MINUTES: "0.5" }).mcpIdleMs).toBe(30_000);
    expect(loadConfig({ GUILDS_MCP_IDLE_MINUTES: "90" }).mcpIdleMs).toBe(90 * 60_000);
    for (const value of ["0", "-1", "soon"]) {
      expect(() => loadConfig({ GUILDS_MCP_IDLE_MINUTES: value })).toThrow(
        "Invalid environment: GUILDS_MCP_IDLE_MINUTES must be a number of minutes above 0, e.g. 60 (the default); an MCP session idle this long is closed.",
      );
    }
  });

  test("GUILDS_HARNESS_DIR and GUILDS_SANDBOX_NETWORK", () => {
    const config = loadConfig({ GUILDS_HARNESS_DIR: "/opt/clis", GUILDS_SANDBOX_NETWORK: "host" });
    expect(config.harnessDir).toBe("/opt/clis");
    expect(config.sandboxNetwork).toBe("host");
    expect(() => loadConfig({ GUILDS_SANDBOX_NETWORK: "open" })).toThrow(
      /GUILDS_SANDBOX_NETWORK must be "isolated" .*, "host" .* or, with GUILDS_MACHINE_PROVIDER=docker, "egress"/,
    );
  });

  test("GUILDS_MACHINE_PROVIDER picks the machines' provider, GUILDS_SANDBOX_IMAGE their base image; egress needs docker", () => {
    const docker = loadConfig({
      GUILDS_MACHINE_PROVIDER: "docker",
      GUILDS_SANDBOX_IMAGE: "debian-with-node:12",
      GUILDS_SANDBOX_NETWORK: "egress",
    });
    expect(docker).toMatchObject({
      machineProvider: "docker",
      sandboxImage: "debian-with-node:12",
      sandboxNetwork: "egress",
    });
    expect(() => loadConfig({ GUILDS_MACHINE_PROVIDER: "kubernetes" })).toThrow(
      /GUILDS_MACHINE_PROVIDER must be "local" .* or "docker"/,
    );
    expect(() => loadConfig({ GUILDS_SANDBOX_NETWORK: "egress" })).toThrow(
      /"egress" needs GUILDS_MACHINE_PROVIDER=docker/,
    );
  });

  test("GUILDS_MACHINES_DIR puts the machines (the agents' homes) elsewhere than the data folder", () => {
    const config = loadConfig({ GUILDS_HOME: "/srv/guilds", GUILDS_MACHINES_DIR: "/mnt/agents/../homes" });
    expect(config.machinesDir).toBe("/mnt/homes");
    expect(config.database).toEqual({ kind: "sqlite", path: "/srv/guilds/guilds.db" });
  });

  test("GUILDS_LIMITS turns the machines' resource limits off, and nothing else", () => {
    expect(loadConfig({ GUILDS_LIMITS: "off" }).machineLimitsMode).toBe("off");
    expect(loadConfig({ GUILDS_LIMITS: " on " }).machineLimitsMode).toBe("on");
    expect(() => loadConfig({ GUILDS_LIMITS: "none" })).toThrow(/GUILDS_LIMITS must be "on" .* or "off"/);
  });

  test("GUILDS_SECCOMP turns the machines' seccomp filter off, and nothing else", () => {
    expect(loadConfig({ GUILDS_SECCOMP: "off" }).sandboxSeccomp).toBe("off");
    expect(loadConfig({ GUILDS_SECCOMP: " on " }).sandboxSeccomp).toBe("on");
    expect(() => loadConfig({ GUILDS_SECCOMP: "no" })).toThrow(/GUILDS_SECCOMP must be "on" .* or "off"/);
  });

  test("a postgres:// DATABASE_URL selects PostgreSQL", () => {
    for (const url of ["postgres://u:p@db:5432/guilds", "postgresql://db/guilds"]) {
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: "postgres", url });
    }
  });

  test("GUILDS_SECRET_KEY must be base64 of 32 bytes", () => {
    const key = Buffer.alloc(32, 7).toString("base64");
    expect(loadConfig({ GUILDS_SECRET_KEY: key }).secretKey).toBe(key);
    for (const bad of ["short", Buffer.alloc(16).toString("base64"), "!".repeat(44)]) {
      expect(() => loadConfig({ GUILDS_SECRET_KEY: bad })).toThrow(
        /GUILDS_SECRET_KEY must be base64 of 32 random bytes/,
      );
    }
  });

  test("anything else is config.invalid with what to set", () => {
    let caught: unknown;
    try {
      loadConfig({ DATABASE_URL: "mysql://db/guilds" });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GuildsError);
    expect(caught).toMatchObject({ code: "config.invalid" });
    expect(String(caught)).toMatch(/DATABASE_URL must be a PostgreSQL URL/);
  });
});
