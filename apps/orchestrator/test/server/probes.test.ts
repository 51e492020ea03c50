// The probes through a real socket: /livez, /readyz (each check named, 503 when one fails),
// /version, /healthz as before; any other path under them or under /api is the API's JSON 404.
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, test } from "vitest";
import { engineClient } from "../../src/images/containerEngine.ts";
import { diskSpaceCheck } from "../../src/server/health/diskSpaceCheck.ts";
import { machineProviderCheck } from "../../src/server/health/machineProviderCheck.ts";
import { storeCheck } from "../../src/server/health/storeCheck.ts";
import { containerEngine, containerEngines } from "../machines/docker/containerEngines.ts";
import { jsonOf, rawRequest, type ServedApp, serveApp } from "./servedApp.ts";

let served: ServedApp | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

const rootVersion = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, "../../../../package.json"), "utf8")) as {
    version: string;
  }
).version;

test("/livez, /healthz and /version answer JSON; /readyz lists its checks", async () => {
  served = await serveApp();
  const live = await fetch(`${served.url}/livez`);
  expect(live.status).toBe(200);
  expect(await live.json()).toEqual({ status: "alive", uptime_seconds: expect.any(Number) });
  expect(await (await fetch(`${served.url}/healthz`)).json()).toEqual({ ok: true });
  expect(await (await fetch(`${served.url}/version`)).json()).toEqual({
    name: "guilds",
    version: rootVersion,
    node: process.versions.node,
    store: "sqlite",
  });
  const ready = await fetch(`${served.url}/readyz`);
  expect(ready.status).toBe(200);
  expect(ready.headers.get("Cache-Control")).toBe("no-store");
  expect(await ready.json()).toEqual({
    status: "ready",
    failed: [],
    checks: [
      { name: "server", status: "ok", message: "takes work" },
      { name: "store", status: "ok", message: "sqlite answers (no server holds it)" },
    ],
  });
});

test("a failing check makes /readyz 503, naming it and saying why; the others still report", async () => {
  served = await serveApp(({ store, home }) => ({
    health: {
      checks: [storeCheck(store), diskSpaceCheck({ "data folder": home }, 2 ** 50)],
      about: {},
    },
  }));
  const answer = await fetch(`${served.url}/readyz`);
  expect(answer.status).toBe(503);
  const body = (await answer.json()) as {
    failed: string[];
    checks: { name: string; status: string; message: string }[];
  };
  expect(body.failed).toEqual(["disk"]);
  expect(body.checks.map((check) => [check.name, check.status])).toEqual([
    ["server", "ok"],
    ["store", "ok"],
    ["disk", "fail"],
  ]);
  expect(body.checks[2]?.message).toMatch(
    /^\d.* free for the data folder: under the 1024 TiB needed \(GUILDS_READY_MIN_FREE_DISK\); free space on that disk$/,
  );
});

test("the disk check counts a disk once, and a folder not made yet by its parent's", async () => {
  served = await serveApp(({ home }) => ({
    health: {
      checks: [
        diskSpaceCheck({ "data folder": home, "machines folder": path.join(home, "machines", "later") }, 1),
      ],
      about: {},
    },
  }));
  const body = (await (await fetch(`${served.url}/readyz`)).json()) as { checks: { message: string }[] };
  expect(body.checks[1]?.message).toMatch(
    /^\d.* free for the data folder and machines folder \(at least 1 bytes needed\)$/,
  );
});

test("a stopping server is not ready", async () => {
  const stopping = new AbortController();
  served = await serveApp(() => ({ stopping: stopping.signal }));
  expect((await fetch(`${served.url}/readyz`)).status).toBe(200);
  stopping.abort();
  const answer = await fetch(`${served.url}/readyz`);
  expect(answer.status).toBe(503);
  expect(((await answer.json()) as { failed: string[] }).failed).toEqual(["server"]);
});

test("local machines: unconfined needs the built helpers; bubblewrap must start a sandbox", async () => {
  served = await serveApp(() => ({
    health: {
      checks: [
        {
          ...machineProviderCheck({ kind: "local", sandbox: "unconfined", seccomp: "on" }),
          name: "unconfined",
        },
        { ...machineProviderCheck({ kind: "local", sandbox: "bwrap", seccomp: "on" }), name: "bwrap" },
      ],
      about: {},
    },
  }));
  const body = (await (await fetch(`${served.url}/readyz`)).json()) as {
    checks: { name: string; status: string; message: string }[];
  };
  expect(body.checks[1]).toEqual({
    name: "unconfined",
    status: "ok",
    message: "local machines, unconfined (no sandbox); the helpers are built",
  });
  // Whether bubblewrap runs here depends on the host: either way the check says so.
  expect(body.checks[2]?.message).toMatch(
    /^(local machines: bubblewrap starts a sandbox \(seccomp on\); the helpers are built|bubblewrap cannot start a sandbox: .+)$/,
  );
});

const engines = await containerEngines();

test.for(engines)(
  "container machines: the engine must answer and hold the sandbox image ($label)",
  async ({ name, skipReason }, context) => {
    if (skipReason !== undefined) context.skip(skipReason);
    const engine = await containerEngine(name);
    served = await serveApp(() => ({
      health: {
        checks: [
          { ...machineProviderCheck({ kind: "docker", engine }), name: "default image" },
          {
            ...machineProviderCheck({ kind: "docker", engine, image: "guilds-test-no-such-base:0" }),
            name: "missing base",
          },
        ],
        about: {},
      },
    }));
    const answer = await fetch(`${served.url}/readyz`);
    const body = (await answer.json()) as { failed: string[]; checks: { name: string; message: string }[] };
    expect(answer.status).toBe(503);
    expect(body.failed).toContain("missing base");
    expect(body.checks.find((check) => check.name === "missing base")?.message).toContain(
      "The base image guilds-test-no-such-base:0 (GUILDS_SANDBOX_IMAGE) is not on the engine",
    );
    // containerEngines() made sure the engine holds the sandbox image.
    expect(body.checks.find((check) => check.name === "default image")?.message).toMatch(
      new RegExp(`^${name} answers and holds \\S*guilds-sandbox:${rootVersion}`),
    );
  },
);

test("container machines: an engine that does not answer fails the check, saying why", async () => {
  const engine = {
    docker: engineClient({ socketPath: path.join(tmpdir(), "guilds-no-engine.sock") }),
    flavor: "docker" as const,
  };
  served = await serveApp(() => ({
    health: { checks: [machineProviderCheck({ kind: "docker", engine })], about: {} },
  }));
  const answer = await fetch(`${served.url}/readyz`);
  expect(answer.status).toBe(503);
  expect(((await answer.json()) as { checks: unknown[] }).checks[1]).toEqual({
    name: "machines",
    status: "fail",
    message: "the docker engine does not answer: there is no such socket",
  });
});

test("a path under the probes, /mcp or /api that no route takes is the API's JSON 404", async () => {
  served = await serveApp();
  const paths = [
    "/readyz/x",
    "/livez/",
    "/version/1",
    "/healthz/deep",
    "/metrics/x",
    "/api",
    "/api/nope",
    "/mcp/x",
  ];
  for (const route of paths) {
    const answer = await rawRequest(served.port, "GET", route, { Authorization: `Bearer ${served.token}` });
    expect([route, answer.status, answer.headers["content-type"]]).toEqual([route, 404, "application/json"]);
    expect(jsonOf(answer).error?.code, route).toBe("route.not_found");
  }
  // Without a token /api asks for one first, in the same JSON shape.
  const anonymous = await rawRequest(served.port, "GET", "/api/nope");
  expect([anonymous.status, jsonOf(anonymous).error?.code]).toEqual([401, "auth.missing"]);
  // Any other path is the web app's (here its "not built" page).
  const page = await rawRequest(served.port, "GET", "/agents/a1");
  expect([page.status, page.headers["content-type"]]).toEqual([200, "text/html; charset=UTF-8"]);
});
