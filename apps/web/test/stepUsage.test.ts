import { describe, expect, test } from "vitest";
import { applyRunEvent } from "../src/runFlow/applyRunEvent.ts";
import { emptyRunFlow, type FlowStep } from "../src/runFlow/runFlow.ts";
import { stepUsage } from "../src/runFlow/stepUsage.ts";
import { flowCall, step } from "./flowTestCalls.ts";

describe("stepUsage", () => {
  const withUsage = (fields: Partial<FlowStep>, callIds: string[] = []): FlowStep => ({
    ...step(1, callIds),
    ...fields,
  });

  test("a step without a code task: its generation's tokens and cost", () => {
    const usage = { input_tokens: 1200, output_tokens: 80, cached_tokens: 1000 };
    expect(stepUsage(withUsage({ usage, costUsd: 0.0021 }), new Map())).toEqual({ usage, costUsd: 0.0021 });
    expect(stepUsage(withUsage({}), new Map())).toEqual({ usage: null, costUsd: null });
  });

  test("a code task's reported tokens and cost add to its step's, as they add to the run's", () => {
    const task = flowCall({
      id: "t",
      name: "code_task",
      metadata: { harness: "claude", cost_usd: 0.5, usage: { input_tokens: 3000, output_tokens: 400 } },
    });
    const shell = flowCall({ id: "s", name: "shell", metadata: { exit_code: 0 } });
    const calls = new Map([task, shell].map((call) => [call.id, call]));
    const generation = { input_tokens: 100, output_tokens: 10, cached_tokens: null };
    expect(stepUsage(withUsage({ usage: generation, costUsd: null }, ["s", "t"]), calls)).toEqual({
      usage: { input_tokens: 3100, output_tokens: 410, cached_tokens: null },
      costUsd: 0.5,
    });
  });
});

describe("generation.ended in the flow", () => {
  test("gives its step the usage and cost, and bumps the usage version the header follows", () => {
    const flow = emptyRunFlow("run_1");
    const envelope = (id: number, data: object) =>
      ({
        id,
        type: "x",
        run_id: "run_1",
        guild_id: "g",
        created_at: "2026-03-02T10:00:00.000Z",
        data,
      }) as never;
    applyRunEvent(
      flow,
      envelope(1, { type: "generation.started", run_id: "run_1", generation_seq: 1, tools: [] }),
    );
    expect(flow.usageVersion).toBe(0);
    const usage = { input_tokens: 1200, output_tokens: 80, cached_tokens: 1000 };
    applyRunEvent(
      flow,
      envelope(2, {
        type: "generation.ended",
        run_id: "run_1",
        generation_seq: 1,
        finish_reason: "stop",
        tool_calls: 0,
        usage,
        cost_usd: 0.0021,
      }),
    );
    expect(flow.entries[0]).toMatchObject({ kind: "step", usage, costUsd: 0.0021 });
    expect(flow.usageVersion).toBe(1);
  });
});
