import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { sandboxUser } from "../../../src/machines/local/bwrap/sandboxUser.ts";
import { findBwrap } from "../../../src/machines/local/hostTools.ts";
import { createLocalMachine } from "../../../src/machines/local/localMachine.ts";
import { createMachineRegistry } from "../../../src/machines/machineRegistry.ts";
import { bash, recordingLogger, tempRoot } from "../machineFixture.ts";

const skipReason =
  process.getuid?.() !== 0
    ? "not root: the sandbox runs as this user, and no folder is handed over"
    : findBwrap() === null
      ? "bwrap is not installed"
      : null;
if (skipReason !== null) console.warn(`skipping the private home tests: ${skipReason}`);

/** Another user of this host: nobody. */
const OTHER_UID = 65534;

function ownerAndMode(file: string): { uid: number; gid: number; mode: number } {
  const stats = statSync(file);
  return { uid: stats.uid, gid: stats.gid, mode: stats.mode & 0o7777 };
}

describe.skipIf(skipReason !== null)("an agent's home, the server running as root", () => {
  test("the home and the machine folder are the sandbox user's alone, and what the agent makes is private", async () => {
    const data = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-private-")));
    const machines = createMachineRegistry({ home: data, sandbox: "bwrap", logger: recordingLogger() });
    try {
      const machine = await machines.forAgent({
        id: "private-agent",
        idleStopMinutes: 5,
        limits: { pids: null, memoryBytes: null, cpus: null, diskBytes: null },
      });
      await machine.start();
      const user = sandboxUser("private-agent");
      const root = path.join(data, "machines", "private-agent");
      const home = path.join(root, "home");
      const theirs = { uid: user.uid, gid: user.gid, mode: 0o700 };
      expect(ownerAndMode(root)).toEqual(theirs);
      expect(ownerAndMode(home)).toEqual(theirs);
      // Above them: others may pass through, never list.
      for (const folder of [data, path.join(data, "machines")]) {
        expect(ownerAndMode(folder).mode & 0o007).toBe(0o001);
      }

      const ran = await bash(
        machine,
        "umask; echo secret > notes.txt; mkdir -p made/deeper; echo x > made/deeper/file",
      );
      expect(ran.stdout).toBe("0077\n");
      for (const made of ["notes.txt", "made", "made/deeper", "made/deeper/file"]) {
        const { uid, mode } = ownerAndMode(path.join(home, made));
        expect({ made, uid, groupAndOthers: mode & 0o077 }).toEqual({
          made,
          uid: user.uid,
          groupAndOthers: 0,
        });
      }
      const other = spawnSync("setpriv", [
        `--reuid=${OTHER_UID}`,
        `--regid=${OTHER_UID}`,
        "--clear-groups",
        "cat",
        path.join(home, "notes.txt"),
      ]);
      expect(other.status).not.toBe(0);
      expect(other.stderr.toString()).toContain("Permission denied");
    } finally {
      await machines.stopAll();
      rmSync(data, { recursive: true, force: true });
    }
  });

  test("a home and machine folder from before, open to all, are closed at the next start", async () => {
    const { root, remove } = tempRoot();
    const home = path.join(root, "home");
    mkdirSync(home);
    writeFileSync(path.join(home, "old.txt"), "old", { mode: 0o644 });
    chmodSync(root, 0o755);
    chmodSync(home, 0o755);
    const machine = await createLocalMachine({
      agentId: "private-old",
      root,
      sandbox: "bwrap",
      logger: recordingLogger(),
    });
    try {
      await machine.start();
      const user = sandboxUser("private-old");
      const theirs = { uid: user.uid, gid: user.gid, mode: 0o700 };
      expect(ownerAndMode(root)).toEqual(theirs);
      expect(ownerAndMode(home)).toEqual(theirs);
      expect((await bash(machine, "cat old.txt")).stdout).toBe("old");
    } finally {
      await machine.stop();
      remove();
    }
  });
});
