import { mkdtemp, rm } from "node:fs/promises";
import { request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAdaptorServer } from "@hono/node-server";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import { loadConfig } from "../../src/config.ts";
import { createEventBus, type RunEventBus } from "../../src/events/eventBus.ts";
import type { AppDeps } from "../../src/server/appDeps.ts";
import { createApp } from "../../src/server/createApp.ts";
import { openStore, type Store } from "../../src/store/store.ts";
import { storeOnlyRuns } from "./appFixture.ts";

/** The app over a real store, listening on a real socket as `guilds serve` serves it. */
export interface ServedApp {
  /** http://127.0.0.1:<port> (or the address it listens on) */
  url: string;
  port: number;
  store: Store;
  events: RunEventBus;
  home: string;
  token: string;
  /** What the app's onError logged. */
  logged: string[];
  close(): Promise<void>;
}

/** `deps` beside the store, bus and runs made here; `host` is where it listens (default 127.0.0.1). */
export async function serveApp(
  deps: (made: { store: Store; events: RunEventBus; home: string }) => Partial<AppDeps> = () => ({}),
  host = "127.0.0.1",
): Promise<ServedApp> {
  const home = await mkdtemp(path.join(tmpdir(), "guilds-served-"));
  const store = await openStore(loadConfig({ GUILDS_HOME: home }));
  const events = createEventBus(store);
  const logged: string[] = [];
  const app = createApp({
    store,
    events,
    runs: storeOnlyRuns(store),
    scripts: createAgentScripts(home),
    logger: { error: (message) => logged.push(message) },
    webAppFolder: null,
    heartbeatMs: 200,
    ...deps({ store, events, home }),
  });
  const server = createAdaptorServer({ fetch: app.fetch });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const { token } = await store.tokens.create("test");
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    store,
    events,
    home,
    token,
    logged,
    async close() {
      (server as Server).closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      events.close();
      await store.close();
      await rm(home, { recursive: true, force: true });
    },
  };
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * One request sent as written: the path is not normalised (fetch would re-encode `/%E0%A4%A`) and
 * the Host header is the one given. The body comes back as it was sent (compressed, say).
 */
export function rawRequest(
  port: number,
  method: string,
  pathAndQuery: string,
  headers: Record<string, string> = {},
  address = "127.0.0.1",
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: address, port, method, path: pathAndQuery, headers, agent: false },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () =>
          resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks) }),
        );
        answer.on("error", reject);
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

/** The JSON of a raw answer. */
export function jsonOf(
  answer: RawAnswer,
): { error?: { code: string; message: string } } & Record<string, unknown> {
  return JSON.parse(answer.body.toString("utf8"));
}
