import { describe, expect, test } from "vitest";
import { CallSnapshots } from "../src/features/agent/runs/chat/callSnapshots.ts";
import { flowCall } from "./flowTestCalls.ts";

describe("CallSnapshots", () => {
  test("the same copy while the call is unchanged; a new one once an event changed it in place", () => {
    const snapshots = new CallSnapshots();
    const live = flowCall({ id: "t1", name: "code_task", status: "running", endedAt: null });
    const first = snapshots.of(live);
    expect(first).not.toBe(live);
    expect(snapshots.of(live)).toBe(first);

    live.progress = [...live.progress, "Read: src/math.ts"];
    const second = snapshots.of(live);
    expect(second).not.toBe(first);
    expect(second.progress).toEqual(["Read: src/math.ts"]);
    expect(first.progress).toEqual([]);

    live.status = "completed";
    expect(snapshots.of(live)).not.toBe(second);
    expect(snapshots.of(live).status).toBe("completed");
  });

  test("each call has its own copy: a change to one leaves the other's", () => {
    const snapshots = new CallSnapshots();
    const a = flowCall({ id: "a", name: "shell" });
    const b = flowCall({ id: "b", name: "shell" });
    const copyB = snapshots.of(b);
    snapshots.of(a);
    a.metadata = { exit_code: 1 };
    snapshots.of(a);
    expect(snapshots.of(b)).toBe(copyB);
  });
});
