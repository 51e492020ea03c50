import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { agentIdOf, machineRootOf } from "../../src/cli/localAgent.ts";
import { sandboxUser } from "../../src/machines/local/bwrap/sandboxUser.ts";
import { findBwrap } from "../../src/machines/local/hostTools.ts";
import { stopCliMachine } from "./cliMachine.ts";
import { runCli } from "./runCli.ts";

const skipReason =
  process.getuid?.() !== 0 ? "not root: the sandbox runs as this user and nothing is chowned" : null;
if (skipReason !== null) console.warn(`skipping guilds tool --home ownership tests: ${skipReason}`);

/** Owner and mode of every entry under `folder` (links not followed), by path. */
function ownership(folder: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (entry: string) => {
    const stats = lstatSync(entry);
    found[path.relative(folder, entry) || "."] =
      `${stats.uid}:${stats.gid} ${(stats.mode & 0o7777).toString(8)}`;
    if (stats.isDirectory()) for (const name of readdirSync(entry)) walk(path.join(entry, name));
  };
  walk(folder);
  return found;
}

describe.skipIf(skipReason !== null)("guilds tool --home, as root", () => {
  const parent = realpathSync(mkdtempSync(path.join(tmpdir(), "guilds-cli-home-")));
  // The sandbox user must reach the homes made here.
  chmodSync(parent, 0o755);
  const started: string[] = [];
  afterAll(async () => {
    for (const home of started) await stopCliMachine(home).catch(() => {});
    rmSync(parent, { recursive: true, force: true });
  });
  const shell = (home: string, command: string, sandbox = "auto") =>
    runCli(["tool", "shell", JSON.stringify({ command }), "--home", home], { GUILDS_SANDBOX: sandbox });

  test("refuses a non-empty folder another user owns, and changes no owner in it", async () => {
    const home = path.join(parent, "theirs");
    mkdirSync(path.join(home, "sub"), { recursive: true });
    writeFileSync(path.join(home, "secret.txt"), "root's", { mode: 0o600 });
    writeFileSync(path.join(home, "sub", "other.txt"), "someone's");
    chownSync(path.join(home, "sub", "other.txt"), 4242, 4242);
    const before = ownership(home);
    const user = sandboxUser(agentIdOf(home));

    const run = await shell(home, "id -u > made-by-agent.txt");
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      `--home ${home} is not empty and belongs to uid 0:0, not to the agent's sandbox user (uid ${user.uid}:${user.gid})`,
    );
    expect(run.stderr).toContain("Pass an empty or new folder");
    expect(run.stderr).toContain(`\`chown -R ${user.uid}:${user.gid} ${home}\``);
    expect(ownership(home)).toEqual(before);
    expect(existsSync(machineRootOf(home))).toBe(false);
  });

  test.skipIf(findBwrap() === null)(
    "takes a new folder or one the sandbox user owns, makes it that user's alone, and what the agent makes is private",
    async () => {
      const home = path.join(parent, "fresh");
      started.push(home);
      const user = sandboxUser(agentIdOf(home));
      const first = await shell(home, "echo hi > notes.txt; id -u");
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toBe(`${user.uid}\n`);
      const theirs = { uid: user.uid, gid: user.gid, mode: 0o700 };
      for (const folder of [home, machineRootOf(home)]) {
        const stats = statSync(folder);
        expect({ uid: stats.uid, gid: stats.gid, mode: stats.mode & 0o7777 }).toEqual(theirs);
      }
      expect(statSync(path.join(home, "notes.txt")).mode & 0o077).toBe(0);
      // Not empty now, and the sandbox user's: the next call takes it.
      const again = await shell(home, "cat notes.txt");
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toBe("hi\n");
    },
  );
});
