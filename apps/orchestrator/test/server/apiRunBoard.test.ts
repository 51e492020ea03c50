import { describe, expect } from "vitest";
import { HEARTBEAT_FRAME } from "../../src/server/sse.ts";
import type { TokenScope } from "../../src/store/tokenStore.ts";
import { seedAgent } from "../store/seedRun.ts";
import { type AppFixture, appTest as test } from "./appFixture.ts";
import { frameReader } from "./sseFrames.ts";

/** acme (agents coder and reviewer) and beta (coder), with titled runs; the code task's run waits. */
async function twoGuilds({ store }: AppFixture) {
  const acme = await seedAgent(store, "acme");
  const reviewer = await store.agents.create({
    guildId: acme.guild.id,
    name: "reviewer",
    modelProvider: "scripted",
    modelName: "demo",
  });
  const beta = await seedAgent(store, "beta");
  const parser = await store.runs.create({ agentId: acme.agent.id, title: "Fix the parser" });
  await store.generations.start(parser.id, { model: "scripted:demo" });
  const review = await store.runs.create({ agentId: reviewer.id, title: "Review the PR" });
  await store.messages.append(review.id, {
    role: "operator",
    content: { text: "Look at the Deploy script" },
  });
  await store.runs.end(review.id, "failed", "the model failed");
  const task = await store.runs.create({ agentId: beta.agent.id, title: "Port to Rust" });
  await store.toolCalls.create({
    runId: task.id,
    generationId: null,
    callId: "c1",
    tool: "code_task",
    argumentsText: "{}",
    started: true,
  });
  return { acme, reviewer, beta, parser, review, task };
}

async function board(fixture: AppFixture, query = "", token?: string) {
  const answer = await fixture.call(
    "GET",
    `/api/runs${query}`,
    undefined,
    token === undefined ? {} : { Authorization: `Bearer ${token}` },
  );
  return { status: answer.status, body: await answer.json() };
}

const titles = (body: Awaited<ReturnType<typeof board>>["body"]) =>
  [...(body.runs as unknown as { title: string }[])].map((run) => run.title);

const tokenOf = async (fixture: AppFixture, name: string, scope: TokenScope) =>
  (await fixture.store.tokens.create(name, scope)).token;

describe("GET /api/runs", () => {
  test("every guild's runs, newest first, with board status, names and the counts", async ({ fixture }) => {
    const seeded = await twoGuilds(fixture);
    const { status, body } = await board(fixture);
    expect(status).toBe(200);
    expect(body.runs).toMatchObject([
      {
        id: seeded.task.id,
        status: "running",
        board_status: "waiting",
        guild_name: "beta",
        agent_name: "coder",
      },
      {
        id: seeded.review.id,
        status: "failed",
        board_status: "failed",
        guild_name: "acme",
        agent_name: "reviewer",
      },
      {
        id: seeded.parser.id,
        status: "running",
        board_status: "running",
        guild_name: "acme",
        agent_name: "coder",
      },
    ]);
    expect(body).toMatchObject({ next_cursor: null, running: 1, waiting: 1 });
  });

  test("filters: status (one or several), guild, agent, and a search in titles and messages", async ({
    fixture,
  }) => {
    const seeded = await twoGuilds(fixture);
    expect(titles((await board(fixture, "?status=waiting")).body)).toEqual(["Port to Rust"]);
    expect(titles((await board(fixture, "?status=running")).body)).toEqual(["Fix the parser"]);
    expect(titles((await board(fixture, "?status=failed,running")).body)).toEqual([
      "Review the PR",
      "Fix the parser",
    ]);
    expect(titles((await board(fixture, "?status=completed")).body)).toEqual([]);
    expect(titles((await board(fixture, `?guild_id=${seeded.acme.guild.id}`)).body)).toEqual([
      "Review the PR",
      "Fix the parser",
    ]);
    expect(titles((await board(fixture, `?agent_id=${seeded.reviewer.id}`)).body)).toEqual(["Review the PR"]);
    expect(titles((await board(fixture, "?q=PARSER")).body)).toEqual(["Fix the parser"]);
    expect(titles((await board(fixture, "?q=deploy%20script")).body)).toEqual(["Review the PR"]);
    expect(titles((await board(fixture, "?q=deploy&status=running")).body)).toEqual([]);
    // The counts are of every run the token sees, whatever the filters.
    expect((await board(fixture, "?status=completed")).body).toMatchObject({ running: 1, waiting: 1 });
  });

  test("pages newest first; the cursor with the same filters gives the next page", async ({ fixture }) => {
    const { agent } = await seedAgent(fixture.store);
    const made: string[] = [];
    for (let index = 0; index < 5; index++) {
      made.push((await fixture.store.runs.create({ agentId: agent.id, title: `deploy ${index}` })).id);
    }
    const first = (await board(fixture, "?limit=2&q=deploy")).body;
    expect(titles(first)).toEqual(["deploy 4", "deploy 3"]);
    const second = (await board(fixture, `?limit=2&q=deploy&cursor=${first.next_cursor}`)).body;
    expect(titles(second)).toEqual(["deploy 2", "deploy 1"]);
    const last = (await board(fixture, `?limit=2&q=deploy&cursor=${second.next_cursor}`)).body;
    expect(titles(last)).toEqual(["deploy 0"]);
    expect(last.next_cursor).toBeNull();
  });

  test("bad filter values are request.invalid, saying what to send; unknown ids are not found", async ({
    fixture,
  }) => {
    const cases: [string, string][] = [
      [
        "?status=paused",
        'status must be one or more of running, waiting, completed, failed, cancelled, interrupted, separated by commas (got "paused"); leave it out for runs of every status.',
      ],
      [
        "?status=running,,failed",
        'status must be one or more of running, waiting, completed, failed, cancelled, interrupted, separated by commas (got "running,,failed"); leave it out for runs of every status.',
      ],
      [
        "?agent_id=coder",
        'agent_id must be an agent\'s id (ag_…) (got "coder"); leave it out for the runs of every agent.',
      ],
      [
        "?guild_id=acme",
        'guild_id must be a guild\'s id (g_…) (got "acme"); leave it out for the runs of every guild.',
      ],
      [
        `?q=${"x".repeat(201)}`,
        "q must be at most 200 characters (got 201); search for a shorter part of the text.",
      ],
      ["?limit=0", 'limit must be a whole number from 1 to 1000 (got "0"); leave it out for 100.'],
    ];
    for (const [query, message] of cases) {
      const { status, body } = await board(fixture, query);
      expect(status, query).toBe(400);
      expect(body.error, query).toEqual({ code: "request.invalid", message });
    }
    const missing = await board(fixture, "?agent_id=ag_0000000000000000000");
    expect(missing.status).toBe(404);
    expect(missing.body.error?.code).toBe("agent.not_found");
  });

  test("a guild's token sees its guild's runs alone; an agent's token its agent's", async ({ fixture }) => {
    const seeded = await twoGuilds(fixture);
    const guildToken = await tokenOf(fixture, "acme-ci", { kind: "guild", guildId: seeded.acme.guild.id });
    const ofGuild = await board(fixture, "", guildToken);
    expect(titles(ofGuild.body)).toEqual(["Review the PR", "Fix the parser"]);
    expect(ofGuild.body).toMatchObject({ running: 1, waiting: 0 });
    expect(titles((await board(fixture, "?q=rust", guildToken)).body)).toEqual([]);
    const otherGuild = await board(fixture, `?guild_id=${seeded.beta.guild.id}`, guildToken);
    expect(otherGuild.status).toBe(404);
    expect(otherGuild.body.error?.code).toBe("guild.not_found");
    const otherAgent = await board(fixture, `?agent_id=${seeded.beta.agent.id}`, guildToken);
    expect(otherAgent.body.error?.code).toBe("agent.not_found");

    const agentToken = await tokenOf(fixture, "reviewer", {
      kind: "agent",
      guildId: seeded.acme.guild.id,
      agentId: seeded.reviewer.id,
    });
    const ofAgent = await board(fixture, "", agentToken);
    expect(titles(ofAgent.body)).toEqual(["Review the PR"]);
    expect(ofAgent.body).toMatchObject({ running: 0, waiting: 0 });
    expect((await board(fixture, `?agent_id=${seeded.acme.agent.id}`, agentToken)).status).toBe(404);
  });
});

describe("GET /api/run-events", () => {
  test("run.started and run.ended of every guild's runs, nothing else; a guild's token its own", async ({
    fixture,
  }) => {
    const { store, events } = fixture;
    const acme = await seedAgent(store, "acme");
    const beta = await seedAgent(store, "beta");
    const guildToken = await tokenOf(fixture, "beta-ci", { kind: "guild", guildId: beta.guild.id });
    const all = frameReader((await fixture.call("GET", "/api/run-events")).body);
    const ofBeta = frameReader(
      (await fixture.call("GET", "/api/run-events", undefined, { Authorization: `Bearer ${guildToken}` }))
        .body,
    );
    // Live only: a heartbeat proves each subscription is up before anything is published.
    expect(await all.next()).toBe(HEARTBEAT_FRAME);
    expect(await ofBeta.next()).toBe(HEARTBEAT_FRAME);

    const inAcme = await store.runs.create({ agentId: acme.agent.id });
    const inBeta = await store.runs.create({ agentId: beta.agent.id });
    await events.publish({ type: "run.started", run_id: inAcme.id, agent_id: acme.agent.id });
    await events.publish({
      type: "message.created",
      run_id: inAcme.id,
      seq: 1,
      role: "operator",
      text: "hi",
    });
    await events.publish({ type: "run.started", run_id: inBeta.id, agent_id: beta.agent.id });
    await events.publish({ type: "run.ended", run_id: inAcme.id, status: "completed" });
    await events.publish({ type: "run.ended", run_id: inBeta.id, status: "failed", reason: "x" });

    const typeAndRun = (frame: string) => {
      const data = JSON.parse(/^data: (.*)$/m.exec(frame)?.[1] ?? "null");
      return `${data.type} ${data.run_id}`;
    };
    const seen = [];
    for (let index = 0; index < 4; index++) seen.push(typeAndRun(await all.nextEvent()));
    expect(seen).toEqual([
      `run.started ${inAcme.id}`,
      `run.started ${inBeta.id}`,
      `run.ended ${inAcme.id}`,
      `run.ended ${inBeta.id}`,
    ]);
    expect(typeAndRun(await ofBeta.nextEvent())).toBe(`run.started ${inBeta.id}`);
    expect(typeAndRun(await ofBeta.nextEvent())).toBe(`run.ended ${inBeta.id}`);
    await all.cancel();
    await ofBeta.cancel();
  });

  test("an agent's token is refused: the stream names other agents' runs", async ({ fixture }) => {
    const acme = await seedAgent(fixture.store, "acme");
    const token = await tokenOf(fixture, "coder", {
      kind: "agent",
      guildId: acme.guild.id,
      agentId: acme.agent.id,
    });
    const answer = await fixture.call("GET", "/api/run-events", undefined, {
      Authorization: `Bearer ${token}`,
    });
    expect(answer.status).toBe(403);
    expect((await answer.json()).error?.code).toBe("auth.forbidden");
  });
});
