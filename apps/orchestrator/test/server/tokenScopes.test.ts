import { describe, expect } from "vitest";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import { apiRoutes } from "../../src/server/createApp.ts";
import type { TokenScope } from "../../src/store/tokenStore.ts";
import { type AppFixture, storeOnlyRuns, appTest as test } from "./appFixture.ts";

/** Two guilds, each with two agents and a run of its first; a repository, a secret and a note in each. */
async function twoGuilds(fixture: AppFixture) {
  const { store } = fixture;
  const guild = async (name: string) => {
    const made = await store.guilds.create({ name });
    const agent = (agentName: string) =>
      store.agents.create({ guildId: made.id, name: agentName, modelProvider: "scripted", modelName: "s" });
    const first = await agent("first");
    const second = await agent("second");
    const run = await store.runs.create({ agentId: first.id });
    const repository = await store.repositories.create({
      guildId: made.id,
      name: "web",
      localPath: "/nonexistent",
    });
    await store.secrets.set(
      { scope: "guild", guildId: made.id },
      { name: "DEPLOY", value: `deploy-${name}` },
    );
    await store.notes.set(made.id, { path: "n.md", content: "a note" });
    return { guild: made, first, second, run, repository };
  };
  return { a: await guild("alpha"), b: await guild("beta") };
}

type Guilds = Awaited<ReturnType<typeof twoGuilds>>;

async function tokenOf(fixture: AppFixture, name: string, scope: TokenScope): Promise<string> {
  return (await fixture.store.tokens.create(name, scope)).token;
}

/** Every route's path with the ids of guild alpha (its first agent, its run, its repository). */
function routesOfAlpha(fixture: AppFixture, { a }: Guilds) {
  const ids: Record<string, string> = {
    guildId: a.guild.id,
    agentId: a.first.id,
    runId: a.run.id,
    repositoryId: a.repository.id,
    name: "DEPLOY",
    notePath: "n.md",
    callId: "tc_none",
    model: "gpt-5",
  };
  const routes = apiRoutes({
    store: fixture.store,
    events: fixture.events,
    runs: storeOnlyRuns(fixture.store),
    scripts: createAgentScripts(fixture.home),
    logger: { error() {} },
  });
  return routes.map((route) => ({
    operation: `${route.method.toUpperCase()} ${route.path}`,
    method: route.method.toUpperCase(),
    url: route.path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) => encodeURIComponent(ids[name] ?? "")),
  }));
}

async function statusWith(fixture: AppFixture, token: string, method: string, url: string, body?: unknown) {
  const answer = await fixture.call(method, url, body ?? (method === "GET" ? undefined : {}), {
    Authorization: `Bearer ${token}`,
  });
  return { status: answer.status, body: await answer.json() };
}

describe("scoped tokens", () => {
  test("every route, with a token of another guild: another's ids are not found, a server's routes forbidden", async ({
    fixture,
  }) => {
    const guilds = await twoGuilds(fixture);
    const token = await tokenOf(fixture, "beta-ci", { kind: "guild", guildId: guilds.b.guild.id });
    const routes = routesOfAlpha(fixture, guilds);
    expect(routes).toHaveLength(42);
    for (const route of routes) {
      // Its own guild's starts and ends, live (apiRunBoard.test.ts): a stream with no end to read.
      if (route.operation === "GET /api/run-events") continue;
      const { status, body } = await statusWith(fixture, token, route.method, route.url);
      if (route.operation === "GET /api/guilds") {
        expect(status).toBe(200);
        expect(body.guilds).toEqual([expect.objectContaining({ id: guilds.b.guild.id, name: "beta" })]);
      } else if (route.operation === "GET /api/runs") {
        expect(status).toBe(200);
        expect(body.runs).toEqual([expect.objectContaining({ id: guilds.b.run.id })]);
      } else if (route.operation === "POST /api/guilds" || route.url.startsWith("/api/prices")) {
        expect(status, route.operation).toBe(403);
        expect(body.error?.code).toBe("auth.forbidden");
      } else {
        expect(status, route.operation).toBe(404);
        expect(String(body.error?.code), route.operation).toMatch(
          /^(guild|agent|run|repository)\.not_found$/,
        );
      }
    }
  });

  test("every route, with a token of another guild's agent: the same; its own guild is no more open to it", async ({
    fixture,
  }) => {
    const guilds = await twoGuilds(fixture);
    const token = await tokenOf(fixture, "beta-first", {
      kind: "agent",
      guildId: guilds.b.guild.id,
      agentId: guilds.b.first.id,
    });
    for (const route of routesOfAlpha(fixture, guilds)) {
      const { status } = await statusWith(fixture, token, route.method, route.url);
      const expected = ["GET /api/guilds", "GET /api/runs"].includes(route.operation)
        ? 200
        : ["POST /api/guilds", "GET /api/run-events"].includes(route.operation) ||
            route.url.startsWith("/api/prices")
          ? 403
          : 404;
      expect(status, route.operation).toBe(expected);
    }
  });

  test("a guild's token acts within its guild, but cannot delete it", async ({ fixture }) => {
    const { a } = await twoGuilds(fixture);
    const token = await tokenOf(fixture, "alpha-ci", { kind: "guild", guildId: a.guild.id });
    expect((await statusWith(fixture, token, "GET", `/api/guilds/${a.guild.id}`)).status).toBe(200);
    expect((await statusWith(fixture, token, "GET", `/api/guilds/${a.guild.id}/agents`)).status).toBe(200);
    expect((await statusWith(fixture, token, "GET", `/api/runs/${a.run.id}`)).status).toBe(200);
    const created = await statusWith(fixture, token, "POST", `/api/guilds/${a.guild.id}/agents`, {
      name: "third",
      model: { provider: "scripted", name: "s" },
    });
    expect(created.status).toBe(201);
    const started = await statusWith(fixture, token, "POST", `/api/agents/${a.second.id}/runs`, {
      message: "go",
    });
    expect(started.status).toBe(201);
    const deleted = await statusWith(fixture, token, "DELETE", `/api/guilds/${a.guild.id}`);
    expect(deleted.status).toBe(403);
    expect(deleted.body.error?.message).toBe(
      `This token is guild ${a.guild.id}'s: DELETE /api/guilds/{guildId} is outside its scope. Use an operator's token (\`npx guilds token create <name>\`) for it.`,
    );
  });

  test("an agent's token reaches its agent, its runs and its guild's name; not its guild's other routes or agents", async ({
    fixture,
  }) => {
    const { a } = await twoGuilds(fixture);
    const token = await tokenOf(fixture, "alpha-first", {
      kind: "agent",
      guildId: a.guild.id,
      agentId: a.first.id,
    });
    const status = async (method: string, url: string, body?: unknown) =>
      (await statusWith(fixture, token, method, url, body)).status;
    expect(await status("GET", `/api/agents/${a.first.id}`)).toBe(200);
    expect(await status("GET", `/api/agents/${a.first.id}/runs`)).toBe(200);
    expect(await status("GET", `/api/runs/${a.run.id}`)).toBe(200);
    expect(await status("POST", `/api/agents/${a.first.id}/runs`, { message: "go" })).toBe(201);
    expect(await status("GET", `/api/guilds/${a.guild.id}`)).toBe(200);
    expect(await status("GET", `/api/guilds/${a.guild.id}/agents`)).toBe(403);
    expect(await status("GET", `/api/guilds/${a.guild.id}/notes`)).toBe(403);
    expect(await status("GET", `/api/repositories/${a.repository.id}`)).toBe(403);
    expect(await status("GET", `/api/agents/${a.second.id}`)).toBe(404);
    expect(await status("DELETE", `/api/agents/${a.first.id}`)).toBe(403);
  });

  test("deleting an agent or a guild deletes its tokens; an operator's token still sees everything", async ({
    fixture,
  }) => {
    const { a, b } = await twoGuilds(fixture);
    await tokenOf(fixture, "beta-ci", { kind: "guild", guildId: b.guild.id });
    await tokenOf(fixture, "beta-first", { kind: "agent", guildId: b.guild.id, agentId: b.first.id });
    const listed = await fixture.call("GET", "/api/guilds");
    expect(((await listed.json()).guilds as unknown as unknown[]).length).toBe(2);
    await fixture.store.runs.end(b.run.id, "cancelled", "for the test");
    await fixture.store.agents.delete(b.first.id);
    expect((await fixture.store.tokens.list()).map((token) => token.name)).toEqual(["beta-ci", "test"]);
    await fixture.store.agents.delete(b.second.id);
    await fixture.store.guilds.delete(b.guild.id);
    expect((await fixture.store.tokens.list()).map((token) => token.name)).toEqual(["test"]);
    expect((await fixture.call("GET", `/api/guilds/${a.guild.id}`)).status).toBe(200);
  });
});
