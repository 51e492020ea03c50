import { chmodSync, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createLocalMachine, type LocalMachine } from "../../../src/machines/local/localMachine.ts";
import { bash, recordingLogger, tempRoot } from "../machineFixture.ts";
import { availableSandboxes } from "./persistentFixture.ts";

const AGENT = "agent-d";
const sandboxes = await availableSandboxes(AGENT);

describe.each(sandboxes)("a %s machine with its home elsewhere", (sandbox) => {
  let base = "";
  let remove = () => {};
  let machine: LocalMachine | null = null;

  afterEach(async () => {
    await machine?.stop();
    machine = null;
    remove();
  });

  function folders(): { root: string; home: string } {
    ({ root: base, remove } = tempRoot());
    // A sandbox running as another uid (the tests run as root) must reach both folders.
    chmodSync(base, 0o755);
    const home = path.join(base, "agent-home");
    mkdirSync(home);
    return { root: path.join(base, "machine"), home };
  }

  test("runs in that folder itself: files land there, and nothing is made at <root>/home", async () => {
    const { root, home } = folders();
    machine = await createLocalMachine({
      agentId: AGENT,
      root,
      homeDir: home,
      sandbox,
      logger: recordingLogger(),
    });
    await machine.start();
    const ran = await bash(machine, 'echo hi > f.txt; pwd; echo "$HOME"');
    expect(ran.stdout).toBe(`${machine.home}\n${machine.home}\n`);
    expect(machine.home).toBe(sandbox === "bwrap" ? "/home/agent" : home);
    expect(readFileSync(path.join(home, "f.txt"), "utf8")).toBe("hi\n");
    expect(existsSync(path.join(root, "home"))).toBe(false);
    if (sandbox === "bwrap" && process.getuid?.() === 0) {
      const uid = (await bash(machine, "id -u")).stdout.trim();
      expect(String(statSync(home).uid)).toBe(uid);
    }
  });

  test("refuses a home that holds the root, or lies inside its run/", async () => {
    const { root, home } = folders();
    const overlapping: [string, string][] = [
      [home, home],
      [path.join(home, "machine"), home],
      [root, path.join(root, "run", "home")],
    ];
    for (const [badRoot, badHome] of overlapping) {
      await expect(
        createLocalMachine({
          agentId: AGENT,
          root: badRoot,
          homeDir: badHome,
          sandbox,
          logger: recordingLogger(),
        }),
      ).rejects.toMatchObject({ code: "machine.start_failed" });
    }
  });
});
