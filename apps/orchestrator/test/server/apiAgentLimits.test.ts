import { expect } from "vitest";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import { createApp } from "../../src/server/createApp.ts";
import { type ApiAnswer, storeOnlyRuns, appTest as test } from "./appFixture.ts";

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

test("an agent's machine limits: set in bytes or as sizes, shown with what its machine gets, reset with null", async ({
  fixture: { call },
}) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const created = await call("POST", `/api/guilds/${guild.id}/agents`, {
    name: "big",
    model: { provider: "scripted", name: "scripted" },
    limits: { memory: "8G", pids: 4096, cpus: 0.5, disk: 50 * GiB },
  });
  expect(created.status).toBe(201);
  const agent = await created.json();
  expect(agent.limits).toEqual({ pids: 4096, memory_bytes: 8 * GiB, cpus: 0.5, disk_bytes: 50 * GiB });
  expect(agent.effective_limits).toEqual({
    pids: 4096,
    memory_bytes: 8 * GiB,
    cpus: 0.5,
    disk_bytes: 50 * GiB,
    tmpfs_bytes: 256 * MiB,
  });

  const updated = await (
    await call("PATCH", `/api/agents/${agent.id}`, { limits: { memory: null, disk: "512M" } })
  ).json();
  expect(updated.limits).toEqual({ pids: 4096, memory_bytes: null, cpus: 0.5, disk_bytes: 512 * MiB });
  expect(updated.effective_limits).toMatchObject({ memory_bytes: 4 * GiB, disk_bytes: 512 * MiB });
  expect((await (await call("GET", `/api/agents/${agent.id}`)).json()).limits).toEqual(updated.limits);
});

test("a limit that is not one is a 400 naming the field", async ({ fixture: { call } }) => {
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const base = { name: "a", model: { provider: "scripted", name: "scripted" } };
  const refused: [unknown, RegExp][] = [
    [
      { memory: "lots" },
      /limits\.memory: must be a number of bytes or a size such as "4G" or "512M" \(got "lots"\)/,
    ],
    [{ cpus: 0 }, /limits\.cpus must be a number of CPUs, at least 0\.01/],
    [{ pids: 0 }, /limits\.pids must be a whole number of processes from 1 to 4194304/],
    [{ swap: "1G" }, /limits/],
  ];
  for (const [limits, says] of refused) {
    const answer = await call("POST", `/api/guilds/${guild.id}/agents`, { ...base, limits });
    expect(answer.status, JSON.stringify(limits)).toBe(400);
    expect(await errorOf(answer)).toMatch(says);
  }
});

test("the server's maxima: a setting above one is refused naming it and its variable; defaults stay under them", async ({
  fixture: { store, home },
}) => {
  const app = createApp({
    store,
    events: { subscribe: () => () => {} },
    runs: storeOnlyRuns(store),
    scripts: createAgentScripts(home),
    logger: { error() {} },
    webAppFolder: null,
    machineLimits: { memoryBytes: 2 * GiB, cpus: 4, tmpfsBytes: 64 * MiB },
  });
  const { token } = await store.tokens.create("maxima");
  const call = async (method: string, url: string, body: unknown) =>
    (await app.request(`http://localhost${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    })) as ApiAnswer;
  const guild = await (await call("POST", "/api/guilds", { name: "acme" })).json();
  const base = { model: { provider: "scripted", name: "scripted" } };

  const tooMuch = await call("POST", `/api/guilds/${guild.id}/agents`, {
    ...base,
    name: "greedy",
    limits: { memory: "3G" },
  });
  expect(tooMuch.status).toBe(400);
  expect(await errorOf(tooMuch)).toBe(
    "[agent.limit_above_maximum] Invalid agent: limits.memory 3 GiB is above this server's maximum of 2 GiB (GUILDS_MAX_MEMORY); ask for at most that, or null for the default, or have the operator raise GUILDS_MAX_MEMORY.",
  );

  const agent = await (
    await call("POST", `/api/guilds/${guild.id}/agents`, { ...base, name: "fits" })
  ).json();
  expect(agent.effective_limits).toEqual({
    pids: 1024,
    memory_bytes: 2 * GiB,
    cpus: 2,
    disk_bytes: 20 * GiB,
    tmpfs_bytes: 64 * MiB,
  });
  const raised = await call("PATCH", `/api/agents/${agent.id}`, { limits: { cpus: 4, memory: "1G" } });
  expect((await raised.json()).effective_limits).toMatchObject({ cpus: 4, memory_bytes: GiB });
  const refused = await call("PATCH", `/api/agents/${agent.id}`, { limits: { cpus: 4.5 } });
  expect(refused.status).toBe(400);
  expect(await errorOf(refused)).toContain(
    "limits.cpus 4.5 CPUs is above this server's maximum of 4 CPUs (GUILDS_MAX_CPUS)",
  );
});

async function errorOf(answer: ApiAnswer): Promise<string> {
  const { error } = await answer.json();
  return `[${error?.code}] ${error?.message}`;
}

test("the API document describes the limits an agent takes and the ones it shows", async ({
  fixture: { app },
}) => {
  const document = JSON.parse(await (await app.request("http://localhost/api/openapi.json")).text());
  const create = document.paths["/api/guilds/{guildId}/agents"].post;
  const limits = create.requestBody.content["application/json"].schema.properties.limits;
  expect(Object.keys(limits.properties)).toEqual(["pids", "memory", "cpus", "disk"]);
  expect(JSON.stringify(limits.properties.memory)).toContain('"type":"string"');
  expect(limits.description).toContain("GUILDS_MAX_MEMORY");
  // The answer is the Agent view, its parts named schemas of their own.
  const schemas = document.components.schemas;
  expect(create.responses["201"].content["application/json"].schema).toEqual({
    $ref: "#/components/schemas/Agent",
  });
  const view = schemas.Agent.properties;
  expect(view.limits).toEqual({ $ref: "#/components/schemas/AgentLimits" });
  expect(view.effective_limits).toEqual({ $ref: "#/components/schemas/EffectiveLimits" });
  expect(schemas.AgentLimits.required).toEqual(["pids", "memory_bytes", "cpus", "disk_bytes"]);
  expect(schemas.EffectiveLimits.required).toEqual([
    "pids",
    "memory_bytes",
    "cpus",
    "disk_bytes",
    "tmpfs_bytes",
  ]);
});
