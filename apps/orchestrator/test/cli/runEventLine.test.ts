import { expect, test } from "vitest";
import { LINE_TEXT_MAX, runEventLine } from "../../src/cli/runEventLine.ts";

test("one plain line per event", () => {
  const run_id = "run_1";
  expect(runEventLine({ type: "run.started", run_id, agent_id: "ag_1" })).toBe(
    "run.started run_1 agent ag_1",
  );
  expect(runEventLine({ type: "message.created", run_id, seq: 1, role: "operator", text: "fix\nit" })).toBe(
    'message.created 1 operator "fix\\nit"',
  );
  expect(
    runEventLine({
      type: "message.created",
      run_id,
      seq: 2,
      role: "assistant",
      tool_calls: [{ id: "t1", name: "shell", arguments: {} }],
    }),
  ).toBe("message.created 2 assistant tool_calls shell");
  expect(runEventLine({ type: "message.queued", run_id, queued_id: "qmsg_1", text: "stop\nnow" })).toBe(
    'message.queued qmsg_1 "stop\\nnow"',
  );
  expect(runEventLine({ type: "message.delivered", run_id, queued_id: "qmsg_1", seq: 4 })).toBe(
    "message.delivered qmsg_1 as 4",
  );
  expect(
    runEventLine({ type: "generation.started", run_id, generation_seq: 1, tools: ["shell", "file_read"] }),
  ).toBe("generation.started 1 tools shell,file_read");
  expect(
    runEventLine({
      type: "generation.ended",
      run_id,
      generation_seq: 1,
      finish_reason: "stop",
      tool_calls: 0,
    }),
  ).toBe("generation.ended 1 stop tool_calls 0");
  expect(
    runEventLine({
      type: "tool.started",
      run_id,
      tool_call_id: "tc",
      call_id: "toolu_1",
      name: "shell",
      arguments: { command: "ls" },
    }),
  ).toBe('tool.started shell {"command":"ls"}');
  expect(
    runEventLine({
      type: "tool.finished",
      run_id,
      tool_call_id: "tc",
      name: "shell",
      status: "completed",
      result: "x".repeat(LINE_TEXT_MAX + 1),
      metadata: {},
      seq: 3,
    }),
  ).toBe(`tool.finished shell completed "${"x".repeat(LINE_TEXT_MAX)}…"`);
  expect(
    runEventLine({ type: "tool.progress", run_id, tool_call_id: "tc", lines: ["a", "b"], session_id: null }),
  ).toBe('tool.progress "a\\nb"');
  expect(runEventLine({ type: "run.ended", run_id, status: "interrupted", reason: "restart" })).toBe(
    'run.ended interrupted "restart"',
  );
});
