import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { expect } from "vitest";
import { createAgentScripts } from "../../src/app/agentScripts.ts";
import type { RunEventBus } from "../../src/events/eventBus.ts";
import { createApp } from "../../src/server/createApp.ts";
import { HEARTBEAT_FRAME } from "../../src/server/sse.ts";
import { seedRun } from "../store/seedRun.ts";
import { storeOnlyRuns, appTest as test } from "./appFixture.ts";
import { frameReader } from "./sseFrames.ts";

function expectedFrame(envelope: RunEventEnvelope): string {
  const id = envelope.id === null ? "" : `id: ${envelope.id}\n`;
  return `event: ${envelope.type}\ndata: ${JSON.stringify(envelope)}\n${id}\n`;
}

test("the run's stream sends stored events with ids, progress without, then resumes after Last-Event-ID", async ({
  fixture: { store, events, call },
}) => {
  const { run } = await seedRun(store);
  const started = await events.publish({ type: "run.started", run_id: run.id, agent_id: run.agentId });
  const message = await events.publish({
    type: "message.created",
    run_id: run.id,
    seq: 1,
    role: "operator",
    text: "hello",
  });

  const answer = await call("GET", `/api/runs/${run.id}/events`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("text/event-stream");
  expect(answer.headers.get("x-accel-buffering")).toBe("no");
  const first = frameReader(answer.body);
  expect(await first.nextEvent()).toBe(expectedFrame(started));
  expect(await first.nextEvent()).toBe(expectedFrame(message));

  events.publishEphemeral({
    type: "tool.progress",
    run_id: run.id,
    tool_call_id: "tc_1",
    lines: ["claude: Reading README.md"],
    session_id: null,
  });
  const progress = await first.nextEvent();
  expect(progress).toMatch(/^event: tool\.progress\ndata: \{.*\}\n\n$/);
  expect(JSON.parse(progress.split("\n")[1]?.slice("data: ".length) ?? "")).toMatchObject({
    id: null,
    data: { lines: ["claude: Reading README.md"] },
  });
  const toolStarted = await events.publish({
    type: "tool.started",
    run_id: run.id,
    tool_call_id: "tc_1",
    call_id: "toolu_1",
    name: "shell",
    arguments: { command: "ls" },
  });
  expect(await first.nextEvent()).toBe(expectedFrame(toolStarted));
  await first.cancel();

  // Published while no client listens: the resumed stream must send it, once, then the live ones.
  const missed = await events.publish({
    type: "tool.finished",
    run_id: run.id,
    tool_call_id: "tc_1",
    name: "shell",
    status: "completed",
    result: "README.md",
    metadata: { exit_code: 0 },
    seq: 3,
  });
  const resumed = await call("GET", `/api/runs/${run.id}/events`, undefined, {
    "Last-Event-ID": String(toolStarted.id),
  });
  const second = frameReader(resumed.body);
  expect(await second.nextEvent()).toBe(expectedFrame(missed));
  const ended = await events.publish({ type: "run.ended", run_id: run.id, status: "completed" });
  expect(await second.nextEvent()).toBe(expectedFrame(ended));
  await second.cancel();

  const byQuery = frameReader((await call("GET", `/api/runs/${run.id}/events?after=${missed.id}`)).body);
  expect(await byQuery.nextEvent()).toBe(expectedFrame(ended));
  await byQuery.cancel();
});

test("the guild's stream is live by default and carries every run of the guild", async ({
  fixture: { store, events, call },
}) => {
  const { run } = await seedRun(store);
  await events.publish({ type: "run.started", run_id: run.id, agent_id: run.agentId });
  const stream = frameReader((await call("GET", `/api/guilds/${run.guildId}/events`)).body);
  // The subscription starts as the stream does; a heartbeat proves it is up before publishing.
  expect(await stream.next()).toBe(HEARTBEAT_FRAME);
  const ended = await events.publish({ type: "run.ended", run_id: run.id, status: "cancelled", reason: "x" });
  expect(await stream.nextEvent()).toBe(expectedFrame(ended));
  await stream.cancel();
});

test("a bad Last-Event-ID is a 400; a closed stream unsubscribes", async ({
  fixture: { store, events, token },
}) => {
  let active = 0;
  const counting: Pick<RunEventBus, "subscribe"> = {
    subscribe(filter, afterId, listener) {
      active += 1;
      const unsubscribe = events.subscribe(filter, afterId, listener);
      return () => {
        active -= 1;
        unsubscribe();
      };
    },
  };
  const app = createApp({
    store,
    events: counting,
    runs: storeOnlyRuns(store),
    scripts: createAgentScripts("/nonexistent"),
    logger: { error: () => undefined },
    heartbeatMs: 50,
  });
  const { run } = await seedRun(store);
  const headers = { Authorization: `Bearer ${token}` };
  const bad = await app.request(`http://localhost/api/runs/${run.id}/events`, {
    headers: { ...headers, "Last-Event-ID": "abc" },
  });
  expect(bad.status).toBe(400);
  expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
    "Last-Event-ID must be the id of an event already received",
  );

  const stream = frameReader(
    (await app.request(`http://localhost/api/runs/${run.id}/events`, { headers })).body,
  );
  expect(await stream.next()).toBe(HEARTBEAT_FRAME);
  expect(active).toBe(1);
  await stream.cancel();
  await expect.poll(() => active).toBe(0);
});
