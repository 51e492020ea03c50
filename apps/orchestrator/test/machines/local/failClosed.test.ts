import { readdirSync } from "node:fs";
import path from "node:path";
import { GuildsError } from "@guilds/protocol/guildsError";
import { describe, expect, test } from "vitest";
import { sandboxUser } from "../../../src/machines/local/bwrap/sandboxUser.ts";
import { findBwrap } from "../../../src/machines/local/hostTools.ts";
import { createLocalMachine } from "../../../src/machines/local/localMachine.ts";
import { bash, recordingLogger, tempRoot } from "../machineFixture.ts";
import { enterPidsCgroup, pidsCgroupUnavailable } from "../pidsCgroup.ts";
import { endLeftoverMachine } from "./persistentFixture.ts";

// Nothing in this file probes bwrap before the test: a success would be kept, and the probe that
// must fail would never run.
const skipReason = findBwrap() === null ? "bwrap is not installed" : pidsCgroupUnavailable();
if (skipReason !== null) console.warn(`skipping the fail-closed tests: ${skipReason}`);

describe.skipIf(skipReason !== null).each([
  { kind: "tied", persistent: false },
  { kind: "persistent", persistent: true },
])("a $kind machine with sandbox auto, while bwrap cannot start", ({ kind, persistent }) => {
  test("refuses to start and runs nothing; the next start probes again and runs confined", async () => {
    const agentId = `fail-closed-${kind}`;
    const { root, remove } = tempRoot();
    const logger = recordingLogger();
    const machine = await createLocalMachine({ agentId, root, sandbox: "auto", persistent, logger });
    const cgroup = enterPidsCgroup();
    try {
      // Every task of this process counts: one more, a fork, fails with EAGAIN.
      cgroup.limit(cgroup.current());
      const refused = await machine.start().then(
        () => null,
        (caught: unknown) => caught,
      );

      expect(refused).toBeInstanceOf(GuildsError);
      expect(refused).toMatchObject({ code: "machine.start_failed" });
      const message = (refused as GuildsError).message;
      expect(message).toMatch(/^the sandbox could not start: .*EAGAIN.*; nothing ran\./);
      expect(message).toContain("install it (apt-get install bubblewrap");
      expect(message).toContain("set GUILDS_SANDBOX=unconfined");
      expect(machine.isRunning()).toBe(false);
      expect(cgroup.processes()).toEqual([process.pid]);
      expect(readdirSync(path.join(root, "run"))).toEqual([]);
      expect(logger.warnings).toEqual([]);

      // Back in its own group (the limit lifted) first: a machine's cgroups are made under it.
      await cgroup.leave();
      await machine.start();
      expect(machine.sandbox).toBe("bwrap");
      const ran = await bash(machine, "id -u; cat /etc/shadow > /dev/null 2>&1 && echo read || echo refused");
      expect(ran.stdout).toBe(`${sandboxUser(agentId).uid}\nrefused\n`);
      expect(logger.warnings).toEqual([]);
    } finally {
      await machine.stop().catch(() => {});
      await endLeftoverMachine(root, agentId);
      await cgroup.leave();
      remove();
    }
  });
});
