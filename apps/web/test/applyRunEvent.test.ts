import { TASK_PROGRESS_KEPT_LINES } from "@guilds/protocol/harnessLimits";
import type { RunEventEnvelope, RunEventPayload } from "@guilds/protocol/runEvents";
import { describe, expect, test } from "vitest";
import { applyRunEvent } from "../src/runFlow/applyRunEvent.ts";
import { emptyRunFlow } from "../src/runFlow/runFlow.ts";
import { startedCalls } from "../src/runFlow/startedCalls.ts";

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
function live(data: RunEventPayload): RunEventEnvelope {
  return {
    id: null,
    type: data.type,
    run_id: "r1",
    guild_id: "g1",
    data,
    created_at: new Date().toISOString(),
  };
}

const aRun = (): RunEventEnvelope[] => [
  stored({ type: "run.started", run_id: "r1", agent_id: "a1" }),
  stored({ type: "message.created", run_id: "r1", seq: 1, role: "operator", text: "hello" }),
  stored({ type: "generation.started", run_id: "r1", generation_seq: 1, tools: ["shell"] }),
  stored({
    type: "message.created",
    run_id: "r1",
    seq: 2,
    role: "assistant",
    text: "Looking.",
    tool_calls: [
      { id: "scripted_1_1", name: "shell", arguments: { command: "ls" } },
      { id: "scripted_1_2", name: "code_task", arguments: { brief: "Fix it" } },
    ],
  }),
  stored({
    type: "generation.ended",
    run_id: "r1",
    generation_seq: 1,
    finish_reason: "tool_calls",
    tool_calls: 2,
  }),
  stored({
    type: "tool.started",
    run_id: "r1",
    tool_call_id: "c1",
    call_id: "scripted_1_1",
    name: "shell",
    arguments: { command: "ls" },
  }),
  stored({
    type: "tool.finished",
    run_id: "r1",
    tool_call_id: "c1",
    name: "shell",
    status: "completed",
    result: "a\nb",
    metadata: { exit_code: 0 },
    seq: 3,
  }),
  stored({
    type: "tool.started",
    run_id: "r1",
    tool_call_id: "c2",
    call_id: "scripted_1_2",
    name: "code_task",
    arguments: { brief: "Fix it" },
  }),
];

describe("applyRunEvent", () => {
  test("builds steps, calls and operator messages in order", () => {
    const flow = emptyRunFlow("r1");
    for (const event of aRun()) applyRunEvent(flow, event);
    expect(flow.entries.map((entry) => entry.kind)).toEqual(["operator", "step"]);
    const step = flow.entries[1];
    expect(step?.kind === "step" && step.callIds).toEqual(["c1", "c2"]);
    expect(step?.kind === "step" && step.finishReason).toBe("tool_calls");
    expect(flow.calls.get("c1")).toMatchObject({
      status: "completed",
      result: "a\nb",
      resultSeq: 3,
      stepNumber: 1,
    });
    expect(flow.calls.get("c2")?.status).toBe("running");
  });

  test("a stored event seen again after a reconnect is skipped; progress is kept to the latest 200 lines", () => {
    const flow = emptyRunFlow("r1");
    const events = aRun();
    for (const event of events) applyRunEvent(flow, event);
    const version = flow.version;
    for (const event of events) expect(applyRunEvent(flow, event)).toBe(false);
    expect(flow.version).toBe(version);
    for (let batch = 0; batch < 5; batch += 1) {
      const lines = Array.from({ length: 60 }, (_, index) => `line ${batch * 60 + index + 1}`);
      applyRunEvent(
        flow,
        live({ type: "tool.progress", run_id: "r1", tool_call_id: "c2", lines, session_id: "s-1" }),
      );
    }
    const call = flow.calls.get("c2");
    expect(call?.progress).toHaveLength(TASK_PROGRESS_KEPT_LINES);
    expect(call?.progress[0]).toBe("line 101");
    expect(call?.progress.at(-1)).toBe("line 300");
    expect(call?.progressSessionId).toBe("s-1");
    applyRunEvent(
      flow,
      stored({
        type: "tool.finished",
        run_id: "r1",
        tool_call_id: "c2",
        name: "code_task",
        status: "completed",
        result: "completed · Claude Code",
        metadata: {},
        seq: 4,
      }),
    );
    expect(flow.calls.get("c2")?.progress).toEqual([]);
  });
});

test("announced calls take the server's ids of their tool events, in order, one block per call", () => {
  const flow = emptyRunFlow("r1");
  const events = aRun();
  applyRunEvent(flow, events[0] as RunEventEnvelope);
  for (const event of events.slice(1, 5)) applyRunEvent(flow, event);
  const step = flow.entries[1];
  expect(step?.kind === "step" && step.callIds).toEqual([
    "announced:1:scripted_1_1",
    "announced:1:scripted_1_2",
  ]);
  expect(flow.calls.get("announced:1:scripted_1_2")?.status).toBe("pending");
  expect(startedCalls(flow)).toBe(0);
  for (const event of events.slice(5)) applyRunEvent(flow, event);
  expect(step?.kind === "step" && step.callIds).toEqual(["c1", "c2"]);
  expect([...flow.calls.keys()]).toEqual(["c1", "c2"]);
  expect(startedCalls(flow)).toBe(2);
  // The script starts again at the next operator message: the model's ids repeat, the server's do not.
  applyRunEvent(
    flow,
    stored({ type: "message.created", run_id: "r1", seq: 5, role: "operator", text: "again" }),
  );
  applyRunEvent(
    flow,
    stored({ type: "generation.started", run_id: "r1", generation_seq: 2, tools: ["shell"] }),
  );
  applyRunEvent(
    flow,
    stored({
      type: "message.created",
      run_id: "r1",
      seq: 6,
      role: "assistant",
      text: "",
      tool_calls: [{ id: "scripted_1_1", name: "shell", arguments: { command: "pwd" } }],
    }),
  );
  applyRunEvent(
    flow,
    stored({
      type: "tool.started",
      run_id: "r1",
      tool_call_id: "c3",
      call_id: "scripted_1_1",
      name: "shell",
      arguments: { command: "pwd" },
    }),
  );
  expect(flow.calls.get("c3")).toMatchObject({
    stepNumber: 2,
    arguments: { command: "pwd" },
    status: "running",
  });
  expect(flow.calls.get("c1")?.arguments).toEqual({ command: "ls" });
  expect(flow.calls.size).toBe(3);
});

test("a started call takes the announced call of its model id, whatever the order of the tool's calls", () => {
  const flow = emptyRunFlow("r1");
  const started = (serverId: string, modelId: string, command: string) =>
    stored({
      type: "tool.started",
      run_id: "r1",
      tool_call_id: serverId,
      call_id: modelId,
      name: "shell",
      arguments: { command },
    });
  for (const event of [
    stored({ type: "generation.started", run_id: "r1", generation_seq: 1, tools: ["shell"] }),
    stored({
      type: "message.created",
      run_id: "r1",
      seq: 1,
      role: "assistant",
      text: "",
      tool_calls: [
        { id: "call_a", name: "shell", arguments: { command: "ls" } },
        { id: "call_b", name: "shell", arguments: { command: "pwd" } },
      ],
    }),
    started("c2", "call_b", "pwd"),
  ])
    applyRunEvent(flow, event);
  const step = flow.entries[0];
  expect(step?.kind === "step" && step.callIds).toEqual(["announced:1:call_a", "c2"]);
  expect(flow.calls.get("c2")).toMatchObject({ status: "running", arguments: { command: "pwd" } });
  expect(flow.calls.get("announced:1:call_a")).toMatchObject({
    status: "pending",
    arguments: { command: "ls" },
  });
  applyRunEvent(flow, started("c1", "call_a", "ls"));
  expect(step?.kind === "step" && step.callIds).toEqual(["c1", "c2"]);
  expect(flow.calls.get("c1")).toMatchObject({ status: "running", arguments: { command: "ls" } });
  expect(flow.calls.size).toBe(2);
});

test("a repeated read points at the step the app shows, numbered from 1, not at the message seq", () => {
  const flow = emptyRunFlow("r1");
  const read = (step: number, seq: number, callId: string, repeatOf?: number): RunEventEnvelope[] => [
    stored({ type: "generation.started", run_id: "r1", generation_seq: step, tools: ["file_read"] }),
    stored({ type: "message.created", run_id: "r1", seq: seq, role: "assistant", text: "" }),
    stored({
      type: "tool.started",
      run_id: "r1",
      tool_call_id: callId,
      call_id: `m_${callId}`,
      name: "file_read",
      arguments: { path: "a.ts" },
    }),
    stored({
      type: "tool.finished",
      run_id: "r1",
      tool_call_id: callId,
      name: "file_read",
      status: "completed",
      result:
        repeatOf === undefined
          ? "1 a"
          : `a.ts lines 1–1: unchanged since step ${repeatOf}; read that result.`,
      metadata: repeatOf === undefined ? {} : { repeat_of: repeatOf },
      ...(repeatOf === undefined ? {} : { repeat_of: repeatOf }),
      seq: seq + 1,
    }),
  ];
  // Messages: operator 1; steps' messages 2, 4, 6; results 3, 5, 7. The third step repeats the read
  // whose result is message 5: the second step.
  for (const event of [
    stored({ type: "message.created", run_id: "r1", seq: 1, role: "operator", text: "read" }),
    ...read(1, 2, "c1"),
    ...read(2, 4, "c2"),
    ...read(3, 6, "c3", 5),
  ]) {
    applyRunEvent(flow, event);
  }
  expect(flow.entries.flatMap((entry) => (entry.kind === "step" ? [entry.number] : []))).toEqual([1, 2, 3]);
  expect(flow.calls.get("c3")).toMatchObject({ repeatOf: 5, repeatOfStep: 2, stepNumber: 3 });
  expect(flow.calls.get("c1")?.repeatOfStep).toBeNull();
});

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
