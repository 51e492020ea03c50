// A code task's own cgroup (task-<call id>) in a real cgroup of this host, v1 and v2, standing in
// for the machine's: what the CLI started, a command in a session of its own included, ends with
// the task, and the supervisor, outside the group, still records the CLI's exit.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { ResultMeta, StopMeta } from "@guilds/protocol/harness";
import type { CgroupVersion } from "@guilds/protocol/machineCgroup";
import {
  cgroupRoots,
  createTestMachineCgroup,
  type TestMachineCgroup,
} from "@guilds/runtime/test/testMachineCgroup";
import { describe, expect } from "vitest";
import { test } from "./harnessFixture.ts";
import { cgroupsOf, markedSeconds, processesWith } from "./markedProcesses.ts";
import { okMeta, pollToEnd, startTask, waitForFile } from "./taskSteps.ts";

const SIGTERM_EXIT = 128 + 15;
const TASK_GROUP = "task-c1";

const layouts = ([1, 2] as CgroupVersion[]).map((version) => {
  const roots = cgroupRoots(version);
  const skipReason = typeof roots === "string" ? roots : null;
  if (skipReason !== null) console.warn(`skipping the cgroup v${version} task tests: ${skipReason}`);
  return { version, roots: typeof roots === "string" ? null : roots, skipReason };
});

describe.each(layouts)("a code task's cgroup, v$version", ({ roots, skipReason }) => {
  const machineGroup = (onFinished: (cleanup: () => Promise<void>) => void): TestMachineCgroup => {
    if (roots === null) throw new Error(skipReason ?? "no cgroup");
    const machine = createTestMachineCgroup(roots, `guilds-harness-test-${process.pid}-${Date.now()}`);
    onFinished(() => machine.remove());
    return machine;
  };

  test.skipIf(roots === null)(
    "stop ends the CLI and what left its session; the exit is recorded and result reads it",
    async ({ harness, onTestFinished }) => {
      const machine = machineGroup(onTestFinished);
      harness.environment.GUILDS_CGROUP = machine.variable;
      const escaped = markedSeconds(1000);
      const running = markedSeconds(1001);
      const record = harness.file("record.json");
      okMeta(
        await startTask(harness, "gemini", {
          scenario: {
            record,
            steps: [{ shell: `setsid sleep ${escaped} & sleep ${running}` }, { sleepMs: 60_000 }],
          },
        }),
      );
      const cli = JSON.parse(await waitForFile(record)) as { pid: number };
      await until(() => processesWith(escaped).length > 0 && processesWith(running).length > 0);
      const supervisor = JSON.parse(
        readFileSync(path.join(harness.stateDir, "c1.json"), "utf8"),
      ).supervisor_pid;
      expect(cgroupsOf(cli.pid)).toContain(`/${TASK_GROUP}\n`);
      expect(cgroupsOf(supervisor)).not.toContain(TASK_GROUP);

      expect(okMeta<StopMeta>(await harness.call("stop", { harness: "gemini" }))).toEqual({
        exited: true,
        gone: false,
      });
      expect(processesWith(escaped)).toEqual([]);
      expect(processesWith(running)).toEqual([]);
      expect(okMeta<ResultMeta>(await harness.call("result", { harness: "gemini" })).exit_code).toBe(
        SIGTERM_EXIT,
      );
      expect(existsSync(path.join(machine.view.dirs[0] ?? "", TASK_GROUP))).toBe(false);
    },
  );

  test.skipIf(roots === null)(
    "a CLI that exits by itself: what it left runs until result, which ends it and removes the group",
    async ({ harness, onTestFinished }) => {
      const machine = machineGroup(onTestFinished);
      harness.environment.GUILDS_CGROUP = machine.variable;
      const server = markedSeconds(1002);
      const started = harness.file("started");
      okMeta(
        await startTask(harness, "claude", {
          scenario: {
            steps: [{ shell: `setsid sleep ${server} & touch ${started}` }, { waitFor: started }],
            exitCode: 3,
          },
        }),
      );
      await pollToEnd(harness, "claude");
      await until(() => processesWith(server).length > 0);
      expect(okMeta<ResultMeta>(await harness.call("result", { harness: "claude" })).exit_code).toBe(3);
      expect(processesWith(server)).toEqual([]);
      for (const dir of machine.view.dirs) expect(existsSync(path.join(dir, TASK_GROUP))).toBe(false);
    },
  );
});

async function until(done: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error("the condition never held");
    await sleep(20);
  }
}
