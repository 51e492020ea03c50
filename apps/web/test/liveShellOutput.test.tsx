import { TASK_PROGRESS_KEPT_LINES } from "@guilds/protocol/harnessLimits";
import type { RunEventEnvelope, RunEventPayload } from "@guilds/protocol/runEvents";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { ResultView } from "../src/features/agent/runs/chat/detail/ResultView.tsx";
import { ToolCallRow } from "../src/features/agent/runs/chat/ToolCallRow.tsx";
import { applyRunEvent } from "../src/runFlow/applyRunEvent.ts";
import { emptyRunFlow, type FlowCall, type RunFlow } from "../src/runFlow/runFlow.ts";
import { runningLine } from "../src/runFlow/runningLine.ts";
import { flowCall } from "./flowTestCalls.ts";

let nextId = 1;
function event(data: RunEventPayload, stored = true): RunEventEnvelope {
  const id = nextId++;
  return {
    id: stored ? id : null,
    type: data.type,
    run_id: "r1",
    guild_id: "g1",
    data,
    created_at: new Date(1_000 * id).toISOString(),
  };
}

const COMMAND = "for i in 1 2 3; do echo $i; sleep 1; done";

/** A run whose one step runs a shell command, started and not ended. */
function runningShell(): RunFlow {
  const flow = emptyRunFlow("r1");
  for (const data of [
    { type: "run.started", run_id: "r1", agent_id: "a1" },
    { type: "message.created", run_id: "r1", seq: 1, role: "operator", text: "Count." },
    { type: "generation.started", run_id: "r1", generation_seq: 1, tools: ["shell"] },
    {
      type: "tool.started",
      run_id: "r1",
      tool_call_id: "tc1",
      call_id: "call_1",
      name: "shell",
      arguments: { command: COMMAND },
    },
  ] satisfies RunEventPayload[]) {
    applyRunEvent(flow, event(data));
  }
  return flow;
}

function progress(flow: RunFlow, lines: string[]): void {
  applyRunEvent(
    flow,
    event({ type: "tool.progress", run_id: "r1", tool_call_id: "tc1", lines, session_id: null }, false),
  );
}

function callOf(flow: RunFlow): FlowCall {
  const call = flow.calls.get("tc1");
  if (call === undefined) throw new Error("no call tc1");
  return { ...call };
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, "\n")
    .replace(/\n+/g, "\n")
    .trim();

function resultView(call: FlowCall): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <ResultView call={call} runId="r1" />
    </QueryClientProvider>,
  );
}

describe("a running shell call's live output", () => {
  test("the flow keeps its lines (the latest 200), the row shows the latest, and the result replaces them", () => {
    const flow = runningShell();
    expect(runningLine(callOf(flow))).toBeNull();
    progress(flow, ["1"]);
    progress(flow, ["2", "   "]);
    expect(callOf(flow).progress).toEqual(["1", "2", "   "]);
    // The latest line that is not blank.
    expect(runningLine(callOf(flow))).toBe("2");
    for (let batch = 0; batch < 4; batch += 1) {
      progress(
        flow,
        Array.from({ length: 60 }, (_, index) => `line ${batch * 60 + index + 1}`),
      );
    }
    expect(callOf(flow).progress).toHaveLength(TASK_PROGRESS_KEPT_LINES);
    expect(callOf(flow).progress.at(-1)).toBe("line 240");

    applyRunEvent(
      flow,
      event({
        type: "tool.finished",
        run_id: "r1",
        tool_call_id: "tc1",
        name: "shell",
        status: "completed",
        result: "1\n2\n3\n\nremaining_tool_calls: 99",
        metadata: { exit_code: 0, cwd: "", timed_out: false },
        seq: 3,
      }),
    );
    expect(callOf(flow).progress).toEqual([]);
    expect(runningLine(callOf(flow))).toBeNull();
    // A line that comes after the result is not the call's any more.
    progress(flow, ["late"]);
    expect(callOf(flow).progress).toEqual([]);
  });

  test("its row shows the latest line as secondary text while it runs", () => {
    const call = flowCall({
      id: "tc1",
      name: "shell",
      arguments: { command: COMMAND },
      status: "running",
      endedAt: null,
      progress: ["1", "2"],
    });
    const html = renderToStaticMarkup(<ToolCallRow call={call} selected={false} onOpen={() => {}} />);
    expect(html).toContain('data-testid="row-detail">2</span>');
    const before = renderToStaticMarkup(
      <ToolCallRow call={{ ...call, progress: [] }} selected={false} onOpen={() => {}} />,
    );
    expect(before).not.toContain("row-detail");
  });

  test("the Result view shows the live lines while it runs, then the result", () => {
    const running = flowCall({
      id: "tc1",
      name: "shell",
      arguments: { command: COMMAND },
      status: "running",
      endedAt: null,
      progress: ["1", "2"],
    });
    const live = resultView(running);
    expect(live).toContain('aria-label="Live output"');
    expect(textOf(live)).toBe("1\n2");
    expect(textOf(resultView({ ...running, progress: [] }))).toBe(
      "Running… Its output shows here as it prints.",
    );
    const ended = resultView({
      ...running,
      status: "completed",
      progress: [],
      result: "1\n2\n3\n\nremaining_tool_calls: 99",
      metadata: { exit_code: 0, cwd: "", timed_out: false },
    });
    expect(ended).not.toContain("Live output");
    expect(textOf(ended)).toContain("remaining_tool_calls: 99");
  });
});
