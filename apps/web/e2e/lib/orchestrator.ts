import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RunDetailView, ToolCallView } from "@guilds/protocol/apiViews";
import type { ModelScriptInput } from "@guilds/protocol/modelScript";
import { createSampleRepository } from "../../../orchestrator/src/repos/sampleRepository.ts";
import { type ServerProcess, startServer } from "../../../orchestrator/test/cli/cliProcess.ts";
import { runCli } from "../../../orchestrator/test/cli/runCli.ts";

/** The sample repository's name in every e2e guild. */
export const REPOSITORY = "tally";

/**
 * More time for `guilds serve` to come up than the CLI tests give it: vitest runs the projects side
 * by side, and on a busy 2-vCPU machine a start took longer than 20 s.
 */
const SERVER_START_MS = 90_000;

/**
 * A real orchestrator as users start it: `guilds token create`, then `guilds serve` (the built CLI
 * bundle, serving apps/web/dist at `/`) in a temporary GUILDS_HOME, machines sharing this host's
 * network so the sandboxed harness CLI reaches a fake model server on 127.0.0.1.
 */
export interface E2eServer {
  /** http://127.0.0.1:<port> */
  url: string;
  token: string;
  home: string;
  server: ServerProcess;
  /** A JSON API call with the operator's token; throws with the answer unless it is 2xx. */
  api<T>(method: string, route: string, body?: unknown): Promise<T>;
  /** The answer as it is, for a test of a refusal. */
  fetchApi(method: string, route: string): Promise<Response>;
  stop(): Promise<void>;
}

export interface E2eServerOptions {
  /** GUILDS_HARNESS_DIR: where the harness CLIs are installed (`npm run test:harnesses`). */
  harnessDir?: string;
}

export async function startE2eServer(options: E2eServerOptions = {}): Promise<E2eServer> {
  const home = mkdtempSync(path.join(tmpdir(), "guilds-web-e2e-"));
  // The sandbox's user must reach the machines under it.
  chmodSync(home, 0o755);
  const environment: Record<string, string> = {
    GUILDS_HOME: home,
    GUILDS_SANDBOX_NETWORK: "host",
    ...(options.harnessDir === undefined ? {} : { GUILDS_HARNESS_DIR: options.harnessDir }),
  };
  const created = await runCli(["token", "create", "e2e"], environment);
  if (created.code !== 0) throw new Error(`guilds token create failed: ${created.stderr}`);
  const token = created.stdout.trim();
  const server = await startServer(environment, SERVER_START_MS);
  let exit: string | null = null;
  let stopping = false;
  server.child.once("exit", (code, signal) => {
    if (stopping) return;
    exit = `guilds serve exited (code ${code}, signal ${signal}); its last stderr:\n${server.stderr().slice(-4000)}`;
    console.warn(exit);
  });
  const fetchApi = async (method: string, route: string, body?: unknown) => {
    try {
      return await fetch(`${server.url}${route}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (error) {
      throw new Error(`${method} ${route}: ${String(error)}${exit === null ? "" : `; ${exit}`}`);
    }
  };
  return {
    url: server.url,
    token,
    home,
    server,
    fetchApi: (method, route) => fetchApi(method, route),
    async api<T>(method: string, route: string, body?: unknown): Promise<T> {
      const response = await fetchApi(method, route, body);
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${route} answered ${response.status}: ${text}`);
      return JSON.parse(text) as T;
    },
    async stop() {
      stopping = true;
      if (server.child.exitCode === null && server.child.signalCode === null) await server.stop();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

export interface Workspace {
  guildId: string;
  repositoryId: string;
}

/** A guild with the sample repository (a local path under GUILDS_HOME). */
export async function createWorkspace(e2e: E2eServer, guildName: string): Promise<Workspace> {
  const guild = await e2e.api<{ id: string }>("POST", "/api/guilds", { name: guildName });
  const sample = await createSampleRepository(path.join(e2e.home, "samples", guildName, REPOSITORY));
  const repository = await e2e.api<{ id: string }>("POST", `/api/guilds/${guild.id}/repositories`, {
    name: REPOSITORY,
    local_path: sample,
  });
  return { guildId: guild.id, repositoryId: repository.id };
}

export interface ScriptedAgentOptions {
  name: string;
  script: ModelScriptInput;
  /** Secrets of the agent (its harness's key and base URL). */
  secrets?: Record<string, string>;
}

/** An agent of the scripted provider with code tools on and Claude Code as its harness. */
export async function createScriptedAgent(
  e2e: E2eServer,
  guildId: string,
  options: ScriptedAgentOptions,
): Promise<string> {
  const agent = await e2e.api<{ id: string }>("POST", `/api/guilds/${guildId}/agents`, {
    name: options.name,
    model: { provider: "scripted", name: "script" },
    harness: "claude",
    harness_model: "claude-sonnet-4-5",
    coding: true,
    script: options.script,
  });
  for (const [name, value] of Object.entries(options.secrets ?? {})) {
    await e2e.api("PUT", `/api/agents/${agent.id}/secrets/${name}`, { value });
  }
  return agent.id;
}

/** GET /api/runs/{id}: the run, its messages and its tool calls. */
export type RunDetail = RunDetailView;
export type ToolCallDetail = ToolCallView;

export function getRun(e2e: E2eServer, runId: string): Promise<RunDetail> {
  return e2e.api<RunDetail>("GET", `/api/runs/${runId}`);
}

/** Polls the run until it has ended; returns it. */
export async function runEnded(e2e: E2eServer, runId: string, timeoutMs = 240_000): Promise<RunDetail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const run = await getRun(e2e, runId);
    if (run.status !== "running") return run;
    if (Date.now() > deadline) throw new Error(`run ${runId} still running after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
