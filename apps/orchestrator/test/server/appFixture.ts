import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { test as base } from "vitest";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import { loadConfig } from "../../src/config.ts";
import { createEventBus, type RunEventBus } from "../../src/events/eventBus.ts";
import { createMachineRegistry, type MachineRegistry } from "../../src/machines/machineRegistry.ts";
import type { RunService } from "../../src/runs/runService.ts";
import { createApp } from "../../src/server/createApp.ts";
import { openStore, type Store } from "../../src/store/store.ts";
import { DocumentedAnswers, type OpenApiDocument } from "./documentedAnswers.ts";

/** Parsed JSON, loosely typed for assertions: any property may be read. */
export interface LooseJson {
  readonly [key: string]: LooseJson;
}

/** A Response whose json() can be read without a cast at every use. */
export interface ApiAnswer extends Omit<Response, "json"> {
  json(): Promise<LooseJson>;
}

export interface AppFixture {
  app: Hono;
  store: Store;
  /** GUILDS_HOME: the database, the scripts, the machines' folders. */
  home: string;
  /** Unconfined local machines, made only when a test asks for one. */
  machines: MachineRegistry;
  events: RunEventBus;
  token: string;
  /** app.request with the bearer token and JSON body. */
  call(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiAnswer>;
  logged: string[];
}

/** The runs routes' side, for tests of everything else: starting a run only creates it. */
export function storeOnlyRuns(store: Store): Pick<RunService, "start" | "send" | "cancel" | "openClientRun"> {
  return {
    async start({ agentId, message }) {
      const run = await store.runs.create({ agentId });
      await store.messages.append(run.id, { role: "operator", content: { text: message } });
      return { runId: run.id };
    },
    async send(runId, message) {
      await store.messages.append(runId, { role: "operator", content: { text: message } });
    },
    async cancel(runId) {
      await store.runs.end(runId, "cancelled", "cancelled by the operator");
    },
    async openClientRun() {
      throw new Error("this app only stores runs: an MCP session needs the run service");
    },
  };
}

/** The app as a server without a machine registry builds it: runs are only stored (storeOnlyRuns). */
export function appWithoutMachines(store: Store, events: RunEventBus, home: string): Hono {
  return createApp({
    store,
    events,
    runs: storeOnlyRuns(store),
    scripts: createAgentScripts(home),
    logger: { error() {} },
  });
}

/** A real store (SQLite in a temp GUILDS_HOME), the real event bus, and the app over them. */
export const appTest = base.extend<{ fixture: AppFixture }>({
  // biome-ignore lint/correctness/noEmptyPattern: vitest fixtures take their dependencies this way
  fixture: async ({}, use) => {
    const home = await mkdtemp(path.join(tmpdir(), "guilds-app-"));
    const store = await openStore(loadConfig({ GUILDS_HOME: home }));
    const events = createEventBus(store);
    const logged: string[] = [];
    const machines = createMachineRegistry({ home, sandbox: "unconfined", logger: { info() {}, warn() {} } });
    const app = createApp({
      store,
      events,
      runs: storeOnlyRuns(store),
      scripts: createAgentScripts(home),
      machines,
      logger: { error: (message) => logged.push(message) },
      heartbeatMs: 200,
      webAppFolder: null,
    });
    const { token } = await store.tokens.create("test");
    // Read at the first call: a test may add a route of its own to the app before it calls.
    let documented: DocumentedAnswers | undefined;
    // Every JSON answer is checked against the OpenAPI document before the test sees it.
    const call = async (
      method: string,
      url: string,
      body?: unknown,
      headers: Record<string, string> = {},
    ) => {
      const answer = await app.request(`http://localhost${url}`, {
        method,
        headers: {
          Authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
      });
      documented ??= new DocumentedAnswers(
        (await (await app.request("http://localhost/api/openapi.json")).json()) as OpenApiDocument,
      );
      if (answer.headers.get("content-type")?.startsWith("application/json")) {
        documented.check(method, url, answer.status, await answer.clone().json());
      } else if (!answer.headers.get("content-type")?.startsWith("text/event-stream")) {
        documented.check(method, url, answer.status, undefined);
      }
      return answer as ApiAnswer;
    };
    await use({ app, store, home, machines, events, token, call, logged });
    await machines.stopAll();
    events.close();
    await store.close();
    await rm(home, { recursive: true, force: true });
  },
});
