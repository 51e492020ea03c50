import { expect } from "vitest";
import { type AppFixture, appTest as test } from "./appFixture.ts";

async function scriptedAgent(call: AppFixture["call"]) {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const model = { provider: "scripted", name: "s" };
  return (await call("POST", `/api/guilds/${guild.id}/agents`, { name: "coder", model })).json();
}

test("PATCH /api/runs/{id} renames a run; the title is in its views and its agent's list", async ({
  fixture: { call, store },
}) => {
  const agent = await scriptedAgent(call);
  const run = await store.runs.create({ agentId: String(agent.id), title: "Fix the build" });
  expect((await (await call("GET", `/api/runs/${run.id}/summary`)).json()).title).toBe("Fix the build");

  const renamed = await call("PATCH", `/api/runs/${run.id}`, { title: "  Ship the parser  " });
  expect(renamed.status).toBe(200);
  expect(await renamed.json()).toMatchObject({ id: run.id, title: "Ship the parser" });
  expect((await (await call("GET", `/api/runs/${run.id}`)).json()).title).toBe("Ship the parser");
  const listed = await (await call("GET", `/api/agents/${agent.id}/runs`)).json();
  expect(listed.runs).toMatchObject([{ id: run.id, title: "Ship the parser" }]);
  expect((await store.runs.get(run.id)).title).toBe("Ship the parser");
});

test("a blank or too long title, or an unknown run, is refused saying why", async ({
  fixture: { call, store },
}) => {
  const agent = await scriptedAgent(call);
  const run = await store.runs.create({ agentId: String(agent.id) });
  expect((await store.runs.get(run.id)).title).toBe("");
  for (const title of ["   ", "x".repeat(201)]) {
    const answer = await call("PATCH", `/api/runs/${run.id}`, { title });
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error?.code).toBe("request.invalid");
    expect(String(error?.message)).toContain("title");
  }
  expect((await call("PATCH", `/api/runs/${run.id}`, { title: "x".repeat(200) })).status).toBe(200);
  const missing = await call("PATCH", "/api/runs/run_00000000000000000000", { title: "x" });
  expect(missing.status).toBe(404);
  expect((await missing.json()).error?.code).toBe("run.not_found");
});
