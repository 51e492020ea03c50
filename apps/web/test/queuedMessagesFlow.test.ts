import type { RunEventEnvelope, RunEventPayload } from "@guilds/protocol/runEvents";
import { expect, test } from "vitest";
import { applyRunEvent } from "../src/runFlow/applyRunEvent.ts";
import { emptyRunFlow } from "../src/runFlow/runFlow.ts";

let nextId = 1;
function stored(data: RunEventPayload): RunEventEnvelope {
  const id = nextId++;
  return {
    id,
    type: data.type,
    run_id: "r1",
    guild_id: "g1",
    data,
    created_at: new Date(1_000 * id).toISOString(),
  };
}

test("a queued message shows as queued until delivered, then as the operator's message in the flow", () => {
  const flow = emptyRunFlow("r1");
  const started = stored({ type: "run.started", run_id: "r1", agent_id: "a1" });
  const first = stored({ type: "message.created", run_id: "r1", seq: 1, role: "operator", text: "Build." });
  const queuedFirst = stored({ type: "message.queued", run_id: "r1", queued_id: "q1", text: "Also lint." });
  const queuedSecond = stored({ type: "message.queued", run_id: "r1", queued_id: "q2", text: "And test." });
  for (const event of [started, first, queuedFirst, queuedSecond]) applyRunEvent(flow, event);
  expect(flow.queued).toEqual([
    { id: "q1", text: "Also lint.", at: queuedFirst.created_at },
    { id: "q2", text: "And test.", at: queuedSecond.created_at },
  ]);
  expect(flow.entries.map((entry) => entry.kind)).toEqual(["operator"]);

  applyRunEvent(
    flow,
    stored({ type: "message.created", run_id: "r1", seq: 2, role: "operator", text: "Also lint." }),
  );
  const changed = applyRunEvent(
    flow,
    stored({ type: "message.delivered", run_id: "r1", queued_id: "q1", seq: 2 }),
  );

  expect(changed).toBe(true);
  expect(flow.queued.map((queued) => queued.id)).toEqual(["q2"]);
  expect(flow.entries.at(-1)).toMatchObject({ kind: "operator", seq: 2, text: "Also lint." });
});
