import { describe, expect, test } from "vitest";
import { machineCgroupPlan } from "../../src/machines/cgroups/machineCgroupPlan.ts";
import { probeBwrap } from "../../src/machines/local/bwrap/bwrapProbe.ts";
import { sandboxUser } from "../../src/machines/local/bwrap/sandboxUser.ts";
import { createLocalMachine } from "../../src/machines/local/localMachine.ts";
import { bash, recordingLogger, tempRoot } from "./machineFixture.ts";

describe("where no cgroup can be made", () => {
  const nowhere = () => ({ version: null, reason: "no cgroup filesystem is mounted" }) as const;

  test("the machine does not start, and the call says why and how to go on", async () => {
    const plan = machineCgroupPlan("a1", "/tmp/a1", {}, nowhere);
    await expect(plan.start(null)).rejects.toMatchObject({
      code: "machine.start_failed",
      message:
        "the sandbox could not start: its resource limits cannot be enforced here (no cgroup filesystem is mounted); nothing ran. Run the server as root or in a delegated cgroup (a systemd unit with Delegate=yes), or set GUILDS_LIMITS=off to run machines without limits.",
    });
  });

  test("GUILDS_LIMITS=off: no group, no GUILDS_CGROUP, nothing to remove", async () => {
    const plan = machineCgroupPlan("a1", "/tmp/a1", { limitsOff: true }, nowhere);
    expect(await plan.start(null)).toBeNull();
    expect(plan.variable("sandbox")).toEqual({});
    expect(plan.binds("sandbox")).toEqual([]);
  });
});

const probe = await probeBwrap(sandboxUser("plan-probe"));
describe.skipIf(!probe.usable)("a machine with its limits off", () => {
  test("says so at every start, and its processes are in no group of their own", async () => {
    const { root, remove } = tempRoot();
    const logger = recordingLogger();
    const machine = await createLocalMachine({
      agentId: "no-limits",
      root,
      sandbox: "bwrap",
      limitsOff: true,
      logger,
    });
    try {
      await machine.start();
      expect(machine.baseEnv.GUILDS_CGROUP).toBeUndefined();
      expect((await bash(machine, "ls /sys/fs/cgroup 2>&1 | head -1")).stdout).toMatch(
        /No such file or directory/,
      );
      await machine.stop();
      await machine.start();
      const said = logger.warnings.filter((line) => line.includes("WITHOUT resource limits"));
      expect(said).toEqual([
        "the machine of agent no-limits runs WITHOUT resource limits (GUILDS_LIMITS=off): its processes can use all of this host's memory, processes and CPU. Unset GUILDS_LIMITS to give it its limits.",
        "the machine of agent no-limits runs WITHOUT resource limits (GUILDS_LIMITS=off): its processes can use all of this host's memory, processes and CPU. Unset GUILDS_LIMITS to give it its limits.",
      ]);
    } finally {
      await machine.stop();
      remove();
    }
  });
});
