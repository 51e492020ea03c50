import { spawn } from "node:child_process";
import { readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  type MachineCgroupView,
  machineCgroupFromEnv,
  machineCgroupValue,
} from "@guilds/protocol/machineCgroup";
import { afterEach, describe, expect, test } from "vitest";
import { ChildCgroup, childCgroupName, removeEmptyChildren, runawayChildren } from "../src/childCgroup.ts";
import { cgroupRoots, createTestMachineCgroup, type TestMachineCgroup } from "./testMachineCgroup.ts";

/** Processes running `sleep <marker>` on this host. */
function sleepers(marker: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, "utf8") === `sleep\0${marker}\0`;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Starts an argv (joinArgv's) in a session of its own; `exited` settles when it ends. */
function start(argv: string[]) {
  const [command = "", ...args] = argv;
  const child = spawn(command, args, { env: { PATH: "/usr/bin:/bin" }, stdio: "ignore", detached: true });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return { unref: () => child.unref(), exited };
}

async function until(condition: () => boolean, ms = 3_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

function marker(): string {
  return `${1000 + Math.floor(Math.random() * 100_000)}.${process.pid}`;
}

test("GUILDS_CGROUP names the version and the machine's folders", () => {
  expect(machineCgroupFromEnv({ GUILDS_CGROUP: "1 /sys/fs/cgroup/pids /sys/fs/cgroup/memory" })).toEqual({
    version: 1,
    dirs: ["/sys/fs/cgroup/pids", "/sys/fs/cgroup/memory"],
  });
  expect(machineCgroupFromEnv({ GUILDS_CGROUP: "2 /sys/fs/cgroup" })).toEqual({
    version: 2,
    dirs: ["/sys/fs/cgroup"],
  });
  const withControllers = "1 /sys/fs/cgroup/pids=pids /sys/fs/cgroup/cpu,cpuacct=cpu";
  expect(machineCgroupFromEnv({ GUILDS_CGROUP: withControllers })).toEqual({
    version: 1,
    dirs: ["/sys/fs/cgroup/pids", "/sys/fs/cgroup/cpu,cpuacct"],
    controllers: [["pids"], ["cpu"]],
  });
  const view = machineCgroupFromEnv({ GUILDS_CGROUP: withControllers });
  expect(view && machineCgroupValue(view)).toBe(withControllers);
  // A command's own group spans only what it needs: counting, OOM attribution, freezing.
  expect(view && new ChildCgroup(view, "call-1").dirs).toEqual(["/sys/fs/cgroup/pids/call-1"]);
  expect(machineCgroupFromEnv({})).toBeNull();
  expect(machineCgroupFromEnv({ GUILDS_CGROUP: "3 /x" })).toBeNull();
  expect(childCgroupName("call", "../../etc")).toBe("call-.._.._etc");
});

for (const version of [1, 2] as const) {
  const roots = cgroupRoots(version);
  const skip = typeof roots === "string" ? roots : null;
  if (skip !== null) console.warn(`skipping the cgroup v${version} cases: ${skip}`);

  describe.skipIf(skip !== null)(`a child group on this host's real cgroup v${version} tree`, () => {
    let machine: TestMachineCgroup | undefined;
    afterEach(async () => {
      await machine?.remove();
      machine = undefined;
    });

    test("joinArgv starts the command inside; kill ends it and what left its session; then it is removed", async () => {
      machine = createTestMachineCgroup(
        roots as MachineCgroupView,
        `guilds-protocol-test-${process.pid}-${version}`,
      );
      const group = new ChildCgroup(machine.view, childCgroupName("call", "c1")).create();
      const [detached, plain] = [marker(), marker()];
      const child = start(group.joinArgv(["sh", "-c", `setsid sleep ${detached} & sleep ${plain}`]));
      expect(await until(() => sleepers(detached).length === 1 && sleepers(plain).length === 1)).toBe(true);
      expect(group.members()).toEqual(expect.arrayContaining([...sleepers(detached), ...sleepers(plain)]));
      await group.kill();
      expect(sleepers(detached)).toEqual([]);
      expect(sleepers(plain)).toEqual([]);
      await child.exited;
      expect(group.removeIfEmpty()).toBe(true);
    });

    test("empty groups of ended commands are removed; one with a process left, or just made, is kept", async () => {
      machine = createTestMachineCgroup(
        roots as MachineCgroupView,
        `guilds-protocol-test-${process.pid}-${version}`,
      );
      const ended = new ChildCgroup(machine.view, "call-ended").create();
      const young = new ChildCgroup(machine.view, "call-young").create();
      // Made a minute ago: a group this young may be one another call is about to join.
      const minuteAgo = new Date(Date.now() - 60_000);
      for (const dir of ended.dirs) utimesSync(dir, minuteAgo, minuteAgo);
      const kept = new ChildCgroup(machine.view, "call-kept").create();
      const left = marker();
      start(kept.joinArgv(["sleep", left])).unref();
      expect(await until(() => sleepers(left).length === 1)).toBe(true);
      removeEmptyChildren(machine.view, "call-");
      expect(readdirSync(machine.view.dirs[0] ?? "")).toContain("call-kept");
      expect(readdirSync(machine.view.dirs[0] ?? "")).not.toContain("call-ended");
      expect(readdirSync(machine.view.dirs[0] ?? "")).toContain("call-young");
      young.removeIfEmpty();
      await kept.kill();
    });
  });
}

const v1 = cgroupRoots(1);
describe.skipIf(typeof v1 === "string")("the process limit on cgroup v1", () => {
  test("forks refused at the machine's pids.max are counted on the group, which is then a runaway", async () => {
    const machine = createTestMachineCgroup(v1 as MachineCgroupView, `guilds-protocol-pids-${process.pid}`);
    try {
      const pidsDir = machine.view.dirs.find((dir) => dir.includes("/pids/")) ?? "";
      writeFileSync(path.join(pidsDir, "pids.max"), "8");
      const group = new ChildCgroup(machine.view, "call-bomb").create();
      const before = group.limitEvents();
      const held = marker();
      const child = start(
        group.joinArgv(["sh", "-c", `for i in $(seq 20); do sleep ${held} & done; sleep ${held}`]),
      );
      expect(await until(() => group.limitEvents().forksRefused > before.forksRefused)).toBe(true);
      expect(runawayChildren(machine.view, ["call-"]).map((runaway) => runaway.name)).toEqual(["call-bomb"]);
      await group.kill();
      await child.exited;
      expect(runawayChildren(machine.view, ["call-"])).toEqual([]);
    } finally {
      await machine.remove();
    }
  });
});
