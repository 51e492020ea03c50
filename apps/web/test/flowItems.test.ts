import { describe, expect, test } from "vitest";
import {
  flowItems,
  foldedStepLine,
  itemIndexOfCall,
  stepFinishNote,
  stepSummary,
} from "../src/features/agent/runs/chat/flowItems.ts";
import { flowCall, flowOf, step } from "./flowTestCalls.ts";

const operator = (seq: number, text: string) => ({
  kind: "operator" as const,
  seq,
  text,
  at: "2026-03-02T10:00:00Z",
});

const flow = flowOf(
  [
    operator(1, "Fix the tests"),
    step(1, ["c1", "c2", "t1"], "Looking at the repo."),
    step(2, ["c3"]),
    operator(5, "Thanks"),
    step(3, []),
  ],
  [
    flowCall({ id: "c1", name: "shell" }),
    flowCall({ id: "c2", name: "file_read" }),
    flowCall({ id: "t1", name: "code_task", status: "running" }),
    flowCall({ id: "c3", name: "code_search", status: "failed" }),
  ],
);

describe("flowItems", () => {
  test("an item per operator message, step head, row and block, in order", () => {
    const items = flowItems(flow, new Set());
    expect(items.map((item) => item.key)).toEqual([
      "operator-1",
      "step-1",
      "call-c1",
      "call-c2",
      "call-t1",
      "step-2",
      "call-c3",
      "operator-5",
      "step-3",
    ]);
    expect(items.map((item) => item.kind)).toEqual([
      "operator",
      "step",
      "row",
      "row",
      "block",
      "step",
      "row",
      "operator",
      "step",
    ]);
  });

  test("a folded step keeps its head and its code task block, and hides its other calls", () => {
    const items = flowItems(flow, new Set([1, 2]));
    expect(items.map((item) => item.key)).toEqual([
      "operator-1",
      "step-1",
      "call-t1",
      "step-2",
      "operator-5",
      "step-3",
    ]);
    const head = items[1];
    expect(head?.kind === "step" && head.folded).toBe(true);
    const open = flowItems(flow, new Set([2]))[1];
    expect(open?.kind === "step" && open.folded).toBe(false);
  });

  test("the rail joins the items of one turn; an operator message cuts it", () => {
    const rails = flowItems(flow, new Set()).map((item) =>
      item.kind === "operator" ? "op" : `${item.rail.above ? "^" : "-"}${item.rail.below ? "v" : "-"}`,
    );
    expect(rails).toEqual(["op", "-v", "^v", "^v", "^v", "^v", "^-", "op", "--"]);
  });

  // Its speed is web-render's to measure (bench/), not a timed test's.
  test("2,000 calls in 400 steps flatten to one item per step and per call", () => {
    const calls = Array.from({ length: 2000 }, (_, index) => flowCall({ id: `c${index}`, name: "shell" }));
    const steps = Array.from({ length: 400 }, (_, index) =>
      step(
        index + 1,
        calls.slice(index * 5, index * 5 + 5).map((each) => each.id),
      ),
    );
    const big = flowOf(steps, calls);
    const items = flowItems(big, new Set());
    expect(items).toHaveLength(2400);
  });
});

describe("stepSummary", () => {
  test("counts the step's calls, with those running or failed", () => {
    expect(stepSummary({ callIds: [] }, flow.calls)).toBe("no tool calls");
    expect(stepSummary({ callIds: ["c1"] }, flow.calls)).toBe("1 tool call");
    expect(stepSummary({ callIds: ["c1", "c2", "t1"] }, flow.calls)).toBe("3 tool calls · 1 running");
    expect(stepSummary({ callIds: ["c3", "c1"] }, flow.calls)).toBe("2 tool calls · 1 failed");
  });
});

describe("foldedStepLine and itemIndexOfCall", () => {
  test("the first line of the text, a heading without its #", () => {
    expect(foldedStepLine("\n## Plan\nthen the rest")).toBe("Plan");
    expect(foldedStepLine("One line.")).toBe("One line.");
    expect(foldedStepLine("")).toBe("");
  });

  test("finds a call's item; a hidden or unknown call is -1", () => {
    expect(itemIndexOfCall(flowItems(flow, new Set()), "c3")).toBe(6);
    expect(itemIndexOfCall(flowItems(flow, new Set([2])), "c3")).toBe(-1);
    expect(itemIndexOfCall(flowItems(flow, new Set()), "nope")).toBe(-1);
  });
});

describe("stepFinishNote", () => {
  test("nothing for a generation that asked for tools or answered; the reason otherwise", () => {
    for (const ordinary of [null, "tool_calls", "tool-calls", "stop"])
      expect(stepFinishNote(ordinary)).toBeNull();
    expect(stepFinishNote("error")).toBe("error");
    expect(stepFinishNote("cancelled")).toBe("cancelled");
    expect(stepFinishNote("max_tokens")).toBe("max tokens");
  });
});
