import type { RunEventEnvelope } from "@guilds/protocol/runEvents";
import { expect } from "vitest";
import { SNAPSHOT_MAX_EVENTS } from "../../src/server/runEventSnapshot.ts";
import { seedRun } from "../store/seedRun.ts";
import { appTest as test } from "./appFixture.ts";
import { frameReader } from "./sseFrames.ts";

interface Snapshot {
  events: RunEventEnvelope[];
  last_event_id: number;
}

/** The envelope an SSE frame carries, as sent. */
const dataOf = (frame: string) =>
  frame
    .split("\n")
    .find((line) => line.startsWith("data: "))
    ?.slice(6) ?? "";

test("the snapshot is the run's stored events as its stream sends them; the stream after last_event_id loses and doubles nothing", async ({
  fixture: { store, events, call },
}) => {
  const { run } = await seedRun(store);
  const other = await seedRun(store, "beta");
  await events.publish({ type: "run.started", run_id: run.id, agent_id: run.agentId });
  await events.publish({ type: "run.started", run_id: other.run.id, agent_id: other.run.agentId });
  await events.publish({
    type: "message.created",
    run_id: run.id,
    seq: 1,
    role: "operator",
    text: 'hi "there" \\ ünï\u2028',
  });
  const started = await events.publish({
    type: "tool.started",
    run_id: run.id,
    tool_call_id: "tc_1",
    call_id: "toolu_1",
    name: "shell",
    arguments: { command: "echo [REDACTED:API_KEY]" },
  });
  events.publishEphemeral({
    type: "tool.progress",
    run_id: run.id,
    tool_call_id: "tc_1",
    lines: ["x"],
    session_id: null,
  });

  const answer = await call("GET", `/api/runs/${run.id}/events/snapshot`);
  expect(answer.status).toBe(200);
  const answerText = await answer.text();
  const snapshot = JSON.parse(answerText) as Snapshot;
  expect(snapshot.events.map((envelope) => envelope.type)).toEqual([
    "run.started",
    "message.created",
    "tool.started",
  ]);
  expect(snapshot.last_event_id).toBe(started.id);

  // The whole stream from the start sends the same envelopes, byte for byte (the same redaction).
  const whole = frameReader((await call("GET", `/api/runs/${run.id}/events`)).body);
  const frames: string[] = [];
  for (const envelope of snapshot.events) {
    frames.push(dataOf(await whole.nextEvent()));
    expect(frames.at(-1)).toBe(JSON.stringify(envelope));
  }
  await whole.cancel();
  // And the answer is those envelopes' text as they are, in the snapshot's JSON.
  expect(answerText).toBe(`{"events":[${frames.join(",")}],"last_event_id":${started.id}}`);

  // Stored after the snapshot, before the page follows the stream: the stream after it sends them once.
  const between = await events.publish({
    type: "tool.finished",
    run_id: run.id,
    tool_call_id: "tc_1",
    name: "shell",
    status: "completed",
    result: "[REDACTED:API_KEY]",
    metadata: { exit_code: 0 },
    seq: 3,
  });
  const resumed = frameReader(
    (await call("GET", `/api/runs/${run.id}/events?after=${snapshot.last_event_id}`)).body,
  );
  expect(dataOf(await resumed.nextEvent())).toBe(JSON.stringify(between));
  const ended = await events.publish({ type: "run.ended", run_id: run.id, status: "completed" });
  expect(dataOf(await resumed.nextEvent())).toBe(JSON.stringify(ended));
  await resumed.cancel();

  const after = (await (
    await call("GET", `/api/runs/${run.id}/events/snapshot`)
  ).json()) as unknown as Snapshot;
  expect(after.events.slice(0, 3)).toEqual(snapshot.events);
  expect(after.events.slice(3)).toEqual([between, ended]);
  expect(after.last_event_id).toBe(ended.id);
});

test("a run with no events yet has an empty snapshot from 0; an unknown run is a 404", async ({
  fixture: { store, call },
}) => {
  const { run } = await seedRun(store);
  expect(await (await call("GET", `/api/runs/${run.id}/events/snapshot`)).json()).toEqual({
    events: [],
    last_event_id: 0,
  });
  const missing = await call("GET", "/api/runs/run_nope/events/snapshot");
  expect(missing.status).toBe(404);
  expect((await missing.json()).error?.code).toBe("run.not_found");
});

test(`a snapshot stops at ${SNAPSHOT_MAX_EVENTS} events; the stream after its last id gives the rest`, async ({
  fixture: { store, events, call },
}) => {
  const { run } = await seedRun(store);
  const count = SNAPSHOT_MAX_EVENTS + 3;
  // In batches: one insert of them all would pass SQLite's limit of bound values.
  for (let first = 1; first <= count; first += 500) {
    await events.storeAndPublish(async () => ({
      value: undefined,
      events: Array.from({ length: Math.min(500, count - first + 1) }, (_, index) => ({
        type: "message.created" as const,
        run_id: run.id,
        seq: first + index,
        role: "operator" as const,
        text: `m${first + index}`,
      })),
    }));
  }
  const snapshot = (await (
    await call("GET", `/api/runs/${run.id}/events/snapshot`)
  ).json()) as unknown as Snapshot;
  expect(snapshot.events).toHaveLength(SNAPSHOT_MAX_EVENTS);
  expect(snapshot.last_event_id).toBe(snapshot.events.at(-1)?.id);
  const rest = frameReader(
    (await call("GET", `/api/runs/${run.id}/events?after=${snapshot.last_event_id}`)).body,
  );
  for (let seq = SNAPSHOT_MAX_EVENTS + 1; seq <= count; seq += 1) {
    expect(JSON.parse(dataOf(await rest.nextEvent())).data.text).toBe(`m${seq}`);
  }
  await rest.cancel();
});
