import type { Hono } from "hono";
import { projectVersion } from "../../images/sandboxImage.ts";
import { checkReadiness, type ReadinessCheck } from "./readiness.ts";

/** What the probes report of this server; startServices makes it from the config. */
export interface ServerHealth {
  /** What /readyz runs, besides whether the server is stopping. */
  checks: readonly ReadinessCheck[];
  /** What /version says besides the versions: the store's kind, the machine provider's. */
  about: Readonly<Record<string, string>>;
}

/** The probes' paths, outside /api and its token: a path under one of them is the API's 404. */
export const PROBE_PATHS = ["/healthz", "/livez", "/readyz", "/version", "/metrics"] as const;

/**
 * GET /livez: the process answers. GET /readyz: 200 when every check passes, else 503 naming the
 * failed ones. GET /version. GET /healthz: `{ ok: true }`, as before (the CLI and tests wait on it).
 */
export function addHealthRoutes(app: Hono, health: ServerHealth, stopping: AbortSignal | undefined): void {
  const checks = [stoppingCheck(stopping), ...health.checks];
  app.get("/healthz", (c) => c.json({ ok: true }));
  app.get("/livez", (c) => c.json({ status: "alive", uptime_seconds: Math.floor(process.uptime()) }));
  app.get("/readyz", async (c) => {
    const readiness = await checkReadiness(checks);
    return c.json(readiness, readiness.status === "ready" ? 200 : 503, { "Cache-Control": "no-store" });
  });
  const version = {
    name: "guilds",
    version: projectVersion(),
    node: process.versions.node,
    ...health.about,
  };
  app.get("/version", (c) => c.json(version));
}

function stoppingCheck(stopping: AbortSignal | undefined): ReadinessCheck {
  return {
    name: "server",
    async run() {
      if (stopping?.aborted) throw new Error("the server is stopping: its runs have ended");
      return "takes work";
    },
  };
}
