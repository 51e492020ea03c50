import { randomUUID } from "node:crypto";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import type { AppDeps } from "../../src/server/appDeps.ts";
import { createApp } from "../../src/server/createApp.ts";
import type { RunHarness } from "../runs/runFixture.ts";

/**
 * GET requests to the HTTP app over a run harness's store, events and runs, with what else the
 * test gives it (the task artifacts, the background output), signed in with a fresh token.
 */
export async function harnessApi(
  harness: Pick<RunHarness, "store" | "events" | "service" | "home">,
  deps: Partial<AppDeps>,
): Promise<(url: string) => Promise<{ status: number; body: unknown }>> {
  const app = createApp({
    store: harness.store,
    events: harness.events,
    runs: harness.service,
    scripts: createAgentScripts(harness.home),
    logger: { error() {} },
    ...deps,
  });
  const { token } = await harness.store.tokens.create(`harness-api-${randomUUID()}`);
  return async (url) => {
    const answer = await app.request(`http://localhost${url}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return { status: answer.status, body: await answer.json() };
  };
}
