// The probes and the HTTP settings of a real `guilds serve`, as an operator configures them.
import { networkInterfaces } from "node:os";
import { expect, test } from "vitest";
import { freePort } from "../cli/cliProcess.ts";
import { runCli } from "../cli/runCli.ts";
import { logLines } from "../support/serverLog.ts";
import { useServeCase } from "./serveCases.ts";
import { rawRequest } from "./servedApp.ts";

const serveCase = useServeCase();

const outside = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry !== undefined && !entry.internal && entry.family === "IPv4");

test("GUILDS_READY_MIN_FREE_DISK: /readyz is 503 naming the disk; /version names the store and machines", async () => {
  const port = await freePort();
  const server = await serveCase.serve({
    GUILDS_HOME: serveCase.home("guilds-probes-"),
    PORT: String(port),
    GUILDS_SANDBOX: "unconfined",
    GUILDS_READY_MIN_FREE_DISK: "8000T",
  });
  const ready = await fetch(`${server.url}/readyz`);
  expect(ready.status).toBe(503);
  const body = (await ready.json()) as { failed: string[]; checks: { name: string; status: string }[] };
  expect(body.failed).toEqual(["disk"]);
  expect(body.checks.map((check) => [check.name, check.status])).toEqual([
    ["server", "ok"],
    ["store", "ok"],
    ["machines", "ok"],
    ["disk", "fail"],
  ]);
  expect(await (await fetch(`${server.url}/version`)).json()).toMatchObject({
    name: "guilds",
    store: "sqlite",
    machines: "local",
    sandbox: "unconfined",
  });
  expect((await fetch(`${server.url}/livez`)).status).toBe(200);
  expect((await fetch(`${server.url}/metrics`)).status).toBe(200);
});

test.skipIf(outside === undefined)(
  "HOST beyond loopback: GUILDS_ALLOWED_HOSTS names the server; GUILDS_CORS_ORIGINS lets a page call it",
  async () => {
    const port = await freePort();
    const server = await serveCase.serve({
      GUILDS_HOME: serveCase.home("guilds-hosts-"),
      HOST: "0.0.0.0",
      PORT: String(port),
      GUILDS_SANDBOX: "unconfined",
      GUILDS_ALLOWED_HOSTS: "guilds.example.com, 10.0.0.5",
      GUILDS_CORS_ORIGINS: "https://ops.example.com",
    });
    const address = outside?.address ?? "";
    const reached = (host: string, headers: Record<string, string> = {}) =>
      rawRequest(port, "GET", "/readyz", { Host: host, ...headers }, address);
    expect((await reached("guilds.example.com")).status).not.toBe(421);
    expect((await reached(`${address}:${port}`)).status).not.toBe(421);
    expect((await reached("rebound.example.com")).status).toBe(421);
    const preflight = await rawRequest(
      port,
      "OPTIONS",
      "/api/guilds",
      {
        Host: "guilds.example.com",
        Origin: "https://ops.example.com",
        "Access-Control-Request-Method": "GET",
      },
      address,
    );
    expect([preflight.status, preflight.headers["access-control-allow-origin"]]).toEqual([
      204,
      "https://ops.example.com",
    ]);
    expect(logLines(server.stderr()).filter((line) => line.level === "error")).toEqual([]);
    const warning = logLines(server.stderr()).find((line) => String(line.msg).startsWith("HOST=0.0.0.0"));
    expect(String(warning?.msg)).toContain("GUILDS_ALLOWED_HOSTS (guilds.example.com,10.0.0.5)");
  },
);

test("a malformed HTTP setting is refused at start, saying what to write", async () => {
  const home = serveCase.home("guilds-bad-settings-");
  const refused = await runCli(["serve"], {
    GUILDS_HOME: home,
    PORT: String(await freePort()),
    GUILDS_CORS_ORIGINS: "https://ops.example.com/path",
  });
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(
    "GUILDS_CORS_ORIGINS must list origins, comma-separated, each scheme://host[:port] without a path",
  );
  const hosts = await runCli(["serve"], {
    GUILDS_HOME: home,
    GUILDS_ALLOWED_HOSTS: "https://guilds.example.com",
  });
  expect(hosts.stderr).toContain(
    "GUILDS_ALLOWED_HOSTS must list host names, comma-separated, without scheme or port",
  );
  const disk = await runCli(["serve"], { GUILDS_HOME: home, GUILDS_READY_MIN_FREE_DISK: "lots" });
  expect(disk.stderr).toContain("GUILDS_READY_MIN_FREE_DISK must be a size, e.g. 1G or 500MiB");
});
