import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { expect } from "vitest";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import { machineRoot } from "../../src/machines/machineRegistry.ts";
import { type AppFixture, appWithoutMachines, appTest as test } from "./appFixture.ts";

async function seedGuild({ call }: AppFixture) {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const agent = await (
    await call("POST", `/api/guilds/${guild.id}/agents`, {
      name: "coder",
      model: { provider: "scripted", name: "scripted" },
      script: { steps: [{ type: "reply", text: "hi" }] },
    })
  ).json();
  return { guild, agent };
}

test("an agent with a run in progress is refused (409) until the run is cancelled; then it goes, machine and all", async ({
  fixture,
}) => {
  const { call, machines, home, store } = fixture;
  const { agent } = await seedGuild(fixture);
  await call("PUT", `/api/agents/${agent.id}/secrets/DEPLOY`, { value: "deploy-value" });
  const run = await (await call("POST", `/api/agents/${agent.id}/runs`, { message: "hello" })).json();
  const machine = await machines.forAgent(await store.agents.get(String(agent.id)));
  await machine.start();
  await machine.writeFile("repos/notes.txt", "work in the home\n");
  const folder = machineRoot(path.join(home, "machines"), String(agent.id));
  expect(await readFile(path.join(folder, "home", "repos", "notes.txt"), "utf8")).toBe("work in the home\n");

  const refused = await call("DELETE", `/api/agents/${agent.id}`);
  expect(refused.status).toBe(409);
  expect(await refused.json()).toEqual({
    error: {
      code: "agent.busy",
      message: `The agent coder has a run in progress (${run.id} of coder); cancel it first (Ctrl-C where \`guilds run\` shows it, or POST /api/runs/${run.id}/cancel), then delete the agent.`,
    },
  });
  expect(machine.isRunning()).toBe(true);

  await call("POST", `/api/runs/${run.id}/cancel`);
  const deleted = await call("DELETE", `/api/agents/${agent.id}`);
  expect(deleted.status).toBe(200);
  expect(await deleted.json()).toEqual({
    deleted: "agent",
    id: agent.id,
    name: "coder",
    removed: [
      "1 run (their messages, generations, tool calls and events)",
      "1 secret (DEPLOY)",
      `its machine folder ${folder} (its home: clones, run logs)`,
    ],
    kept: [],
  });
  expect(machine.isRunning()).toBe(false);
  expect(existsSync(folder)).toBe(false);
  expect(createAgentScripts(home).get(String(agent.id))).toBeUndefined();
  expect((await call("GET", `/api/agents/${agent.id}`)).status).toBe(404);
  expect((await call("GET", `/api/runs/${run.id}`)).status).toBe(404);
  expect((await call("DELETE", `/api/agents/${agent.id}`)).status).toBe(404);
});

test("a server without its machines keeps a deleted agent's folder and says so", async ({ fixture }) => {
  const { store, events, home, call } = fixture;
  const { agent } = await seedGuild(fixture);
  const app = appWithoutMachines(store, events, home);

  const deleted = await app.request(`http://localhost/api/agents/${agent.id}`, {
    method: "DELETE",
    headers: { Authorization: `Bearer ${fixture.token}` },
  });

  expect(await deleted.json()).toMatchObject({
    removed: [],
    kept: [
      `its machine folder <GUILDS_HOME>/machines/${agent.id} (its home: clones, run logs): this server runs without a machine registry, so it cannot stop the machine; remove the folder once the server has stopped`,
    ],
  });
  expect((await call("GET", `/api/agents/${agent.id}`)).status).toBe(404);
});

test("a guild with agents is refused (409) naming them; once empty it goes with its repositories and secrets", async ({
  fixture,
}) => {
  const { call } = fixture;
  const { guild, agent } = await seedGuild(fixture);
  const repository = await (
    await call("POST", `/api/guilds/${guild.id}/repositories`, { name: "web", local_path: "/srv/web" })
  ).json();
  await call("PUT", `/api/guilds/${guild.id}/secrets/API_KEY`, { value: "v" });

  const refused = await call("DELETE", `/api/guilds/${guild.id}`);
  expect(refused.status).toBe(409);
  expect(await refused.json()).toEqual({
    error: {
      code: "guild.not_empty",
      message:
        "The guild acme has 1 agent (coder); delete it first. Its repositories, secrets and notes go with the guild.",
    },
  });

  expect((await call("DELETE", `/api/agents/${agent.id}`)).status).toBe(200);
  const deleted = await call("DELETE", `/api/guilds/${guild.id}`);
  expect(await deleted.json()).toEqual({
    deleted: "guild",
    id: guild.id,
    name: "acme",
    removed: ["1 repository (web)", "1 secret (API_KEY)"],
    kept: [],
  });
  expect((await call("GET", `/api/guilds/${guild.id}`)).status).toBe(404);
  expect((await call("GET", `/api/repositories/${repository.id}`)).status).toBe(404);
});

test("a repository is refused (409) while a run of the guild is in progress; the clones stay with the agents", async ({
  fixture,
}) => {
  const { call } = fixture;
  const { guild, agent } = await seedGuild(fixture);
  const repository = await (
    await call("POST", `/api/guilds/${guild.id}/repositories`, {
      name: "web",
      url: "https://example.com/acme/web.git",
      token: "ghp_token",
    })
  ).json();
  expect(await (await call("GET", `/api/repositories/${repository.id}`)).json()).toEqual(repository);
  const run = await (await call("POST", `/api/agents/${agent.id}/runs`, { message: "hello" })).json();

  const refused = await call("DELETE", `/api/repositories/${repository.id}`);
  expect(refused.status).toBe(409);
  expect((await refused.json()).error?.code).toBe("repository.in_use");

  await call("POST", `/api/runs/${run.id}/cancel`);
  const deleted = await call("DELETE", `/api/repositories/${repository.id}`);
  expect(await deleted.json()).toEqual({
    deleted: "repository",
    id: repository.id,
    name: "web",
    removed: ["its token"],
    kept: [
      "its clones at repos/web in the homes of the guild's 1 agent: they are the agents' files (a repository added again as web takes them up as they are)",
    ],
  });
  expect((await call("GET", `/api/guilds/${guild.id}/repositories`)).status).toBe(200);
  expect((await (await call("GET", `/api/guilds/${guild.id}/repositories`)).json()).repositories).toEqual([]);
});

test("deleting what does not exist is a 404 naming it", async ({ fixture: { call } }) => {
  for (const url of ["/api/guilds/g_missing", "/api/agents/ag_missing", "/api/repositories/repo_missing"]) {
    const answer = await call("DELETE", url);
    expect(answer.status).toBe(404);
    expect((await answer.json()).error?.message).toContain("_missing");
  }
});
