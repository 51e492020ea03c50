import { readFileSync } from "node:fs";
import path from "node:path";
import type { ResultMeta, StopMeta } from "@guilds/protocol/harness";
import { HARNESS_KILL_GRACE_MS } from "@guilds/protocol/harnessLimits";
import { isProcessLive } from "@guilds/runtime/processTable";
import { describe, expect } from "vitest";
import { test } from "./harnessFixture.ts";
import { cliRecord, okMeta, startTask, waitForFile } from "./taskSteps.ts";

const SIGTERM_EXIT = 128 + 15;
const SIGKILL_EXIT = 128 + 9;

describe("stop", () => {
  test("SIGTERM ends a CLI that heeds it, and the exit is recorded", async ({ harness }) => {
    const record = harness.file("record.json");
    okMeta(await startTask(harness, "codex", { scenario: { record, steps: [{ sleepMs: 60_000 }] } }));
    const cli = await cliRecord(record);
    const started = Date.now();
    const meta = okMeta<StopMeta>(await harness.call("stop", { harness: "codex" }));
    expect(meta).toEqual({ exited: true, gone: false });
    expect(Date.now() - started).toBeLessThan(HARNESS_KILL_GRACE_MS);
    expect(isProcessLive(cli.pid)).toBe(false);
    const result = okMeta<ResultMeta>(await harness.call("result", { harness: "codex" }));
    expect(result.exit_code).toBe(SIGTERM_EXIT);
  });

  test("SIGKILL ten seconds later for a CLI that traps SIGTERM, its whole group with it", async ({
    harness,
  }) => {
    const record = harness.file("record.json");
    const childPid = harness.file("child.pid");
    okMeta(
      await startTask(harness, "claude", {
        scenario: { record, trapTerm: true, steps: [{ spawnChild: childPid }, { sleepMs: 60_000 }] },
      }),
    );
    const cli = await cliRecord(record);
    const child = Number(await waitForFile(childPid));
    expect(readFileSync(path.join(harness.stateDir, "c1.pid"), "utf8").trim()).toBe(String(cli.pid));
    const started = Date.now();
    const meta = okMeta<StopMeta>(await harness.call("stop", { harness: "claude" }));
    const took = Date.now() - started;
    expect(meta).toEqual({ exited: true, gone: false });
    expect(took).toBeGreaterThanOrEqual(HARNESS_KILL_GRACE_MS);
    expect(isProcessLive(cli.pid)).toBe(false);
    expect(isProcessLive(child)).toBe(false);
    const result = okMeta<ResultMeta>(await harness.call("result", { harness: "claude" }));
    expect(result.exit_code).toBe(SIGKILL_EXIT);
  });

  test("a call without state is gone; one that has exited is left as it is", async ({ harness }) => {
    expect(okMeta<StopMeta>(await harness.call("stop", { harness: "claude" }))).toEqual({
      exited: false,
      gone: true,
    });
    okMeta(await startTask(harness, "claude", { scenario: { exitCode: 3 } }));
    await waitForFile(path.join(harness.stateDir, "c1.exit"));
    expect(okMeta<StopMeta>(await harness.call("stop", { harness: "claude" }))).toEqual({
      exited: true,
      gone: false,
    });
    expect(okMeta<ResultMeta>(await harness.call("result", { harness: "claude" })).exit_code).toBe(3);
  });
});
