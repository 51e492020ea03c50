import { ERROR_CODES, httpStatusOf } from "@guilds/protocol/errorCodes";
import { GuildsError } from "@guilds/protocol/guildsError";
import { expect, test as plain } from "vitest";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import { createApp } from "../../src/server/createApp.ts";
import { storeOnlyRuns, appTest as test } from "./appFixture.ts";

plain("every code has an HTTP error status", () => {
  for (const code of ERROR_CODES) {
    expect(code).toMatch(/^[a-z_]+\.[a-z_]+$/);
    expect([code, httpStatusOf(code) >= 400 && httpStatusOf(code) <= 599]).toEqual([code, true]);
  }
});

test("the handler answers a thrown GuildsError of each code with the code's status", async ({
  fixture: { app, call },
}) => {
  app.get("/api/test-fault/:code", (c) => {
    throw new GuildsError(
      ERROR_CODES.find((code) => code === c.req.param("code")) ?? "server.internal",
      "it broke",
    );
  });
  for (const code of ERROR_CODES) {
    const answer = await call("GET", `/api/test-fault/${code}`);
    expect([code, answer.status]).toEqual([code, httpStatusOf(code)]);
    expect(await answer.json()).toEqual({ error: { code, message: "it broke" } });
  }
});

test("a machine fault under the task log route answers with its status and what went wrong", async ({
  fixture: { store, events, home, token },
}) => {
  const said = "the machine of agent ag_1 did not start: bwrap is not installed";
  const app = createApp({
    store,
    events,
    runs: storeOnlyRuns(store),
    scripts: createAgentScripts(home),
    logger: { error() {} },
    tasks: {
      log: () => Promise.reject(new GuildsError("machine.start_failed", said)),
      diff: () => Promise.reject(new GuildsError("machine.exec_failed", said)),
    },
  });
  const headers = { Authorization: `Bearer ${token}` };
  const log = await app.request("http://localhost/api/runs/r1/tasks/c1/log", { headers });
  expect(log.status).toBe(503);
  expect(await log.json()).toEqual({ error: { code: "machine.start_failed", message: said } });
  const diff = await app.request("http://localhost/api/runs/r1/tasks/c1/diff", { headers });
  expect(diff.status).toBe(502);
  expect(await diff.json()).toEqual({ error: { code: "machine.exec_failed", message: said } });
});
