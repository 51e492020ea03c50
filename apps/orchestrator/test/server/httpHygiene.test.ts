// The HTTP layer through a real socket: malformed paths, methods a path does not take, HEAD,
// compression of answers and never of event streams.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, afterEach, expect, test } from "vitest";
import type { RunEventBus } from "../../src/events/eventBus.ts";
import { seedRun } from "../store/seedRun.ts";
import { jsonOf, rawRequest, type ServedApp, serveApp } from "./servedApp.ts";
import { frameReader } from "./sseFrames.ts";

let served: ServedApp | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

// A built web app of our own: a hashed script of 64 KiB, a page, a small file.
const webParent = mkdtempSync(path.join(tmpdir(), "guilds-web-"));
const webFolder = path.join(webParent, "dist");
mkdirSync(path.join(webFolder, "assets"), { recursive: true });
const script = `${"console.log('guilds web app');\n".repeat(2048)}`;
writeFileSync(path.join(webFolder, "index.html"), "<!doctype html><div id=root></div>");
writeFileSync(path.join(webFolder, "assets", "index-1a2b.js"), script);
afterAll(() => rmSync(webParent, { recursive: true, force: true }));

test("a path that is not percent-encoded UTF-8 is a 400 naming it, logged nowhere, under /api too", async () => {
  served = await serveApp(() => ({ webAppFolder: webFolder }));
  const auth = { Authorization: `Bearer ${served.token}` };
  for (const [route, headers] of [
    ["/%E0%A4%A", {}],
    ["/assets/%ff.js", {}],
    ["/api/%E0%A4%A", {}],
    ["/api/guilds/%E0%A4%A", auth],
    ["/readyz/%C3", {}],
  ] as const) {
    const answer = await rawRequest(served.port, "GET", route, headers);
    expect([route, answer.status, answer.headers["content-type"]]).toEqual([route, 400, "application/json"]);
    expect(jsonOf(answer).error).toEqual({
      code: "request.invalid",
      message: `The URL's path ${route} is not valid percent-encoding of UTF-8; encode each byte of the path as %XX.`,
    });
  }
  expect(served.logged).toEqual([]);
  // Well-formed escapes still reach the routes.
  const page = await rawRequest(served.port, "GET", "/runs/%E2%9C%93");
  expect(page.status).toBe(200);
});

test("a method a known path does not take is a 405 listing its methods in Allow, token or not", async () => {
  served = await serveApp();
  const cases: [string, string, string][] = [
    ["DELETE", "/api/guilds", "GET, HEAD, POST"],
    ["PUT", "/api/openapi.json", "GET, HEAD"],
    ["POST", "/healthz", "GET, HEAD"],
    ["DELETE", "/readyz", "GET, HEAD"],
    ["POST", "/api/runs/r_1/events", "GET, HEAD"],
    // CORS is off: a preflight is a method like any other.
    ["OPTIONS", "/api/guilds", "GET, HEAD, POST"],
  ];
  for (const [method, route, allow] of cases) {
    const answer = await rawRequest(served.port, method, route);
    expect([method, route, answer.status, answer.headers.allow]).toEqual([method, route, 405, allow]);
    expect(jsonOf(answer).error).toEqual({
      code: "route.method_not_allowed",
      message: `${route} takes ${allow}, not ${method}; GET /api/openapi.json lists the routes.`,
    });
  }
  const agentRoute = await rawRequest(served.port, "PUT", "/api/agents/a_1", {
    Authorization: `Bearer ${served.token}`,
  });
  expect(agentRoute.status).toBe(405);
  expect(agentRoute.headers.allow).toMatch(/^(GET|HEAD|PATCH|DELETE)(, (GET|HEAD|PATCH|DELETE))+$/);
  // A path no route takes stays a 404 whatever the method.
  expect((await rawRequest(served.port, "DELETE", "/api/nothing-here")).status).toBe(401);
  expect((await rawRequest(served.port, "POST", "/readyz/x")).status).toBe(404);
});

test("HEAD answers as GET does, without a body: the probes, the API, the web app", async () => {
  served = await serveApp(() => ({ webAppFolder: webFolder }));
  const auth = { Authorization: `Bearer ${served.token}` };
  for (const [route, headers] of [
    ["/livez", {}],
    ["/readyz", {}],
    ["/version", {}],
    ["/healthz", {}],
    ["/api/guilds", auth],
    ["/api/guilds", {}],
    ["/api/openapi.json", {}],
    ["/", {}],
    ["/agents/a1", {}],
    ["/assets/index-1a2b.js", {}],
  ] as const) {
    const get = await rawRequest(served.port, "GET", route, headers);
    const head = await rawRequest(served.port, "HEAD", route, headers);
    expect([route, head.status, head.headers["content-type"]]).toEqual([
      route,
      get.status,
      get.headers["content-type"],
    ]);
    expect([route, head.body.length]).toEqual([route, 0]);
  }
});

test("HEAD of a run's event stream answers its headers and ends its subscription at once", async () => {
  let open = 0;
  served = await serveApp(({ events }) => ({
    events: {
      subscribe: (...args: Parameters<RunEventBus["subscribe"]>) => {
        open += 1;
        const unsubscribe = events.subscribe(...args);
        return () => {
          open -= 1;
          unsubscribe();
        };
      },
    },
  }));
  const { run } = await seedRun(served.store);
  const head = await rawRequest(served.port, "HEAD", `/api/runs/${run.id}/events`, {
    Authorization: `Bearer ${served.token}`,
  });
  expect([head.status, head.headers["content-type"], head.body.length]).toEqual([
    200,
    "text/event-stream",
    0,
  ]);
  await expect.poll(() => open, { timeout: 2_000 }).toBe(0);
});

test("the web app's files and JSON go out with brotli or gzip as the client takes them", async () => {
  served = await serveApp(() => ({ webAppFolder: webFolder }));
  const asset = "/assets/index-1a2b.js";
  const brotli = await rawRequest(served.port, "GET", asset, { "Accept-Encoding": "gzip, deflate, br" });
  expect(brotli.headers["content-encoding"]).toBe("br");
  expect(brotli.headers.vary).toBe("Accept-Encoding");
  expect(brotli.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(brotliDecompressSync(brotli.body).toString()).toBe(script);
  expect(brotli.body.length).toBeLessThan(script.length / 10);

  const gzip = await rawRequest(served.port, "GET", asset, { "Accept-Encoding": "gzip" });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gzip.body).toString()).toBe(script);
  const refused = await rawRequest(served.port, "GET", asset, { "Accept-Encoding": "br;q=0, gzip;q=0.5" });
  expect(refused.headers["content-encoding"]).toBe("gzip");

  const plain = await rawRequest(served.port, "GET", asset);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(plain.headers.vary).toBe("Accept-Encoding");
  expect(plain.body.toString()).toBe(script);

  const document = await rawRequest(served.port, "GET", "/api/openapi.json", { "Accept-Encoding": "br" });
  expect([document.headers["content-type"], document.headers["content-encoding"]]).toEqual([
    "application/json",
    "br",
  ]);
  expect(JSON.parse(brotliDecompressSync(document.body).toString()).openapi).toMatch(/^3\./);
  // Too small to gain anything: as it is.
  const small = await rawRequest(served.port, "GET", "/livez", { "Accept-Encoding": "br" });
  expect(small.headers["content-encoding"]).toBeUndefined();
});

test("an event stream is never compressed: each event arrives as it is published", async () => {
  served = await serveApp();
  const { run } = await seedRun(served.store);
  const answer = await fetch(`${served.url}/api/runs/${run.id}/events`, {
    headers: { Authorization: `Bearer ${served.token}`, "Accept-Encoding": "br, gzip" },
  });
  expect(answer.headers.get("content-type")).toBe("text/event-stream");
  expect(answer.headers.get("content-encoding")).toBeNull();
  const frames = frameReader(answer.body);
  for (const text of ["first", "second"]) {
    const published = await served.events.publish({
      type: "message.created",
      run_id: run.id,
      seq: 1,
      role: "operator",
      text,
    });
    const started = Date.now();
    expect(await frames.nextEvent()).toContain(`"id":${published.id}`);
    expect(Date.now() - started).toBeLessThan(1_000);
  }
  await frames.cancel();
});
