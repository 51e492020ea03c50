import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { type Services, startServices } from "../../apps/orchestrator/src/app/startServices.ts";
import { loadConfig } from "../../apps/orchestrator/src/config.ts";
import { probeBwrap } from "../../apps/orchestrator/src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../apps/orchestrator/src/machines/local/bwrap/sandboxUser.ts";
import type { SandboxMode } from "../../apps/orchestrator/src/machines/local/localOptions.ts";
import type { ModelScriptInput } from "../../apps/orchestrator/src/providers/modelScript.ts";
import { apiRequest } from "../../apps/orchestrator/test/server/apiRequest.ts";

/**
 * The real server for a bench: startServices in a temporary GUILDS_HOME, its Hono app served by
 * @hono/node-server on 127.0.0.1 (an ephemeral port), and a token. Machines are bwrap when it works
 * here, else unconfined; GUILDS_BENCH_SANDBOX=bwrap|unconfined forces one.
 */
export interface BenchServer {
  services: Services;
  /** http://127.0.0.1:<port> */
  origin: string;
  token: string;
  /** A JSON API call with the token; throws unless the answer is 2xx. */
  api<T>(method: string, url: string, body?: unknown): Promise<T>;
  /** A new agent of the scripted provider in the guild, with code tools on; returns its id. */
  createScriptedAgent(guildId: string, name: string, script: ModelScriptInput): Promise<string>;
  /** "bwrap" or "unconfined", as the agent's machine really runs (it is created if need be). */
  sandboxOf(agentId: string): Promise<string>;
  dispose(): Promise<void>;
}

export async function openBenchServer(): Promise<BenchServer> {
  const home = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-bench-server-")));
  const warned = new Set<string>();
  // The machines repeat the unconfined warning on every start: each distinct line once.
  const warnOnce = (message: string) => {
    if (warned.has(message)) return;
    warned.add(message);
    process.stderr.write(`[server] ${message}\n`);
  };
  const logger = { info() {}, warn: warnOnce, error: (message: string) => warnOnce(`ERROR: ${message}`) };
  const services = await startServices(loadConfig({ GUILDS_HOME: home }), {
    environment: {},
    sandbox: await sandboxMode(),
    logger,
  });
  const server = createAdaptorServer({ fetch: services.app.fetch });
  let disposed = false;
  const dispose = async () => {
    if (disposed) return;
    disposed = true;
    if ("closeAllConnections" in server) server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await services.close().catch(() => undefined);
    rmSync(home, { recursive: true, force: true });
  };
  for (const name of ["SIGINT", "SIGTERM"] as const) {
    process.once(name, () => void dispose().finally(() => process.exit(130)));
  }
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;
    const { token } = await services.store.tokens.create("bench");
    const api = async <T>(method: string, url: string, body?: unknown): Promise<T> => {
      const answer = await fetch(`${origin}${url}`, apiRequest(token, method, body));
      const text = await answer.text();
      if (!answer.ok) throw new Error(`${method} ${url} answered ${answer.status}: ${text}`);
      return JSON.parse(text) as T;
    };
    return {
      services,
      origin,
      token,
      api,
      async createScriptedAgent(guildId, name, script) {
        const agent = await api<{ id: string }>("POST", `/api/guilds/${guildId}/agents`, {
          name,
          model: { provider: "scripted", name: "bench" },
          coding: true,
          max_tool_calls: 10_000,
          script,
        });
        return agent.id;
      },
      async sandboxOf(agentId) {
        const machine = await services.machines.forAgent(await services.store.agents.get(agentId));
        return "sandbox" in machine && typeof machine.sandbox === "string" ? machine.sandbox : "unknown";
      },
      dispose,
    };
  } catch (caught) {
    await dispose();
    throw caught;
  }
}

export async function withBenchServer<T>(body: (server: BenchServer) => Promise<T>): Promise<T> {
  const server = await openBenchServer();
  try {
    return await body(server);
  } finally {
    await server.dispose();
  }
}

/** "auto" here is bwrap where it works, else unconfined: the server's machines never fall back themselves. */
async function sandboxMode(): Promise<SandboxMode> {
  const wanted = process.env.GUILDS_BENCH_SANDBOX ?? "auto";
  if (wanted === "bwrap" || wanted === "unconfined") return wanted;
  if (wanted !== "auto")
    throw new Error(`GUILDS_BENCH_SANDBOX must be bwrap, unconfined or auto (got ${wanted})`);
  const probe = await probeBwrap(sandboxUser("bench"));
  if (probe.usable) return "bwrap";
  process.stderr.write(`[server] bwrap is not usable here, measuring unconfined: ${probe.reason}\n`);
  return "unconfined";
}
