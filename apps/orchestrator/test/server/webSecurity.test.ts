// Who may reach the app and what a browser is told: the security headers of the web app, CORS
// (off unless origins are listed), and the Host header (DNS rebinding), through a real socket.
import { networkInterfaces } from "node:os";
import { afterEach, describe, expect, test } from "vitest";
import { jsonOf, rawRequest, type ServedApp, serveApp } from "./servedApp.ts";

let served: ServedApp | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

test("the web app's pages carry a CSP fit for it, nosniff, no framing, no referrer", async () => {
  served = await serveApp();
  for (const route of ["/", "/runs/r_1", "/api/openapi.json"]) {
    const answer = await rawRequest(served.port, "GET", route);
    expect(answer.headers["content-security-policy"], route).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(answer.headers["x-content-type-options"], route).toBe("nosniff");
    expect(answer.headers["x-frame-options"], route).toBe("DENY");
    expect(answer.headers["referrer-policy"], route).toBe("no-referrer");
    expect(answer.headers["strict-transport-security"], route).toBeUndefined();
  }
});

describe("CORS", () => {
  /** A browser's preflight of a POST with a token from a page of `origin`. */
  const preflight = (origin: string, route = "/api/guilds") =>
    rawRequest(served?.port ?? 0, "OPTIONS", route, {
      Origin: origin,
      "Access-Control-Request-Method": "POST",
      "Access-Control-Request-Headers": "authorization, content-type",
    });

  test("is off by default: no origin is allowed and a preflight is a method the path does not take", async () => {
    served = await serveApp();
    const asked = await preflight("https://ops.example.com");
    expect(asked.status).toBe(405);
    expect(asked.headers["access-control-allow-origin"]).toBeUndefined();
    const read = await rawRequest(served.port, "GET", "/api/guilds", {
      Origin: "https://ops.example.com",
      Authorization: `Bearer ${served.token}`,
    });
    expect(read.status).toBe(200);
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("the listed origins get their preflights answered and may read the answers; others not", async () => {
    served = await serveApp(() => ({ http: { corsOrigins: ["https://ops.example.com"] } }));
    const allowed = await preflight("https://ops.example.com");
    expect(allowed.status).toBe(204);
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://ops.example.com");
    expect(allowed.headers["access-control-allow-methods"]).toBe("GET,HEAD,POST,PUT,PATCH,DELETE");
    expect(String(allowed.headers["access-control-allow-headers"]).toLowerCase()).toContain("authorization");
    const mcp = await preflight("https://ops.example.com", "/mcp");
    expect([mcp.status, mcp.headers["access-control-allow-origin"]]).toEqual([
      204,
      "https://ops.example.com",
    ]);

    const other = await preflight("https://evil.example.net");
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();

    const read = await rawRequest(served.port, "GET", "/api/guilds", {
      Origin: "https://ops.example.com",
      Authorization: `Bearer ${served.token}`,
    });
    expect([read.status, read.headers["access-control-allow-origin"]]).toEqual([
      200,
      "https://ops.example.com",
    ]);
    expect(String(read.headers.vary)).toContain("Origin");
    // The token is still needed: CORS lets a page read answers, it does not sign it in.
    const anonymous = await rawRequest(served.port, "GET", "/api/guilds", {
      Origin: "https://ops.example.com",
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("the Host header", () => {
  test("on loopback, localhost, 127.0.0.1 and [::1] pass; another name gets 421 saying what to set", async () => {
    served = await serveApp();
    for (const host of [
      `localhost:${served.port}`,
      `127.0.0.1:${served.port}`,
      `[::1]:${served.port}`,
      "LOCALHOST",
    ]) {
      expect([host, (await rawRequest(served.port, "GET", "/livez", { Host: host })).status]).toEqual([
        host,
        200,
      ]);
    }
    for (const route of ["/", "/api/guilds", "/livez"]) {
      const answer = await rawRequest(served.port, "GET", route, {
        Host: `rebound.example.com:${served.port}`,
      });
      expect([route, answer.status]).toEqual([route, 421]);
      expect(jsonOf(answer).error).toEqual({
        code: "request.wrong_host",
        message:
          "This server does not answer to the host name rebound.example.com: add it to GUILDS_ALLOWED_HOSTS (comma-separated names) on the server, or reach it by an address or name that is there.",
      });
    }
  });

  test("the names of GUILDS_ALLOWED_HOSTS pass, or any with *", async () => {
    served = await serveApp(() => ({ http: { allowedHosts: ["guilds.example.com"] } }));
    expect((await rawRequest(served.port, "GET", "/livez", { Host: "guilds.example.com" })).status).toBe(200);
    expect((await rawRequest(served.port, "GET", "/livez", { Host: "guilds.example.com." })).status).toBe(
      200,
    );
    expect((await rawRequest(served.port, "GET", "/livez", { Host: "other.example.com" })).status).toBe(421);
    await served.close();
    served = await serveApp(() => ({ http: { allowedHosts: ["*"] } }));
    expect((await rawRequest(served.port, "GET", "/livez", { Host: "other.example.com" })).status).toBe(200);
  });

  const outside = Object.values(networkInterfaces())
    .flat()
    .find((entry) => entry !== undefined && !entry.internal && entry.family === "IPv4");

  test.skipIf(outside === undefined)(
    "listening beyond loopback: the address reached passes, a name only when listed",
    async () => {
      const address = outside?.address ?? "";
      served = await serveApp(() => ({ http: { allowedHosts: ["guilds.example.com"] } }), "0.0.0.0");
      const reached = (host: string) =>
        rawRequest(served?.port ?? 0, "GET", "/livez", { Host: host }, address);
      expect((await reached(`${address}:${served.port}`)).status).toBe(200);
      expect((await reached("guilds.example.com")).status).toBe(200);
      expect((await reached("rebound.example.com")).status).toBe(421);
      // An address of this host it was not reached at is a name like any other.
      expect((await reached("10.11.12.13")).status).toBe(421);
    },
  );
});
