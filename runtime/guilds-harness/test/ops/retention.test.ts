import { mkdirSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { RUNS_KEPT } from "@guilds/protocol/limits";
import { describe, expect } from "vitest";
import { test } from "./harnessFixture.ts";
import { okMeta, pollToEnd, startTask } from "./taskSteps.ts";

describe("the run folders", () => {
  test("a task's first start in a run keeps the agent's 20 most recent runs", async ({ harness }) => {
    const runs = path.join(harness.home, ".runs");
    const now = Date.now() / 1000;
    for (let index = 1; index <= 25; index += 1) {
      const folder = path.join(runs, `old${index}`);
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, "c1.harness.jsonl"), "{}\n");
      // old25 is the most recent.
      utimesSync(folder, now - 1000 + index, now - 1000 + index);
    }
    okMeta(await startTask(harness, "claude", { runId: "fresh" }));
    const kept = readdirSync(runs).sort();
    expect(kept).toHaveLength(RUNS_KEPT);
    expect(kept).toContain("fresh");
    const expectedOld = Array.from({ length: RUNS_KEPT - 1 }, (_, index) => `old${25 - index}`);
    expect(kept.filter((name) => name !== "fresh").sort()).toEqual(expectedOld.sort());
    await pollToEnd(harness, "claude");
  });
});
