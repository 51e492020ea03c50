import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { GuildsError } from "@guilds/protocol/guildsError";
import { groupHasLiveMembers } from "@guilds/runtime/processTable";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { CommandLauncher } from "../../src/process/commandLauncher.ts";
import { test as helperTest } from "../support/helperFixture.ts";
import { run } from "../support/shellSupport.ts";

const SEARCH_PATH = "/usr/local/bin:/usr/bin:/bin";

let folder: string;
let launchers: CommandLauncher[];
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), "launcher-"));
  launchers = [];
});
afterEach(() => {
  for (const launcher of launchers) launcher.close();
  rmSync(folder, { recursive: true, force: true });
});

function launcherOn(searchPath = SEARCH_PATH): CommandLauncher {
  const launcher = new CommandLauncher(searchPath);
  launchers.push(launcher);
  return launcher;
}

function spec(command: string, env: Record<string, string> = { PATH: SEARCH_PATH }) {
  const logFile = path.join(folder, "log");
  writeFileSync(logFile, "");
  return { command, cwd: folder, env, logFile };
}

async function started(launcher: CommandLauncher, command: string, env?: Record<string, string>) {
  const group = await launcher.launch(spec(command, env));
  if (group === null) throw new Error("the launcher did not take the command");
  return group;
}

async function pidIn(file: string): Promise<number> {
  for (;;) {
    try {
      const pid = Number(readFileSync(file, "utf8"));
      if (pid > 0) return pid;
    } catch {}
    await sleep(20);
  }
}

describe("the command launcher", () => {
  test("writes 0 to each join file before bash starts, and refuses a file name with a newline", async () => {
    const launcher = launcherOn();
    const join = [path.join(folder, "a"), path.join(folder, "b")];
    // What bash finds in them shows that the child wrote them first.
    const group = await launcher.launch({ ...spec(`cat ${join.join(" ")} > seen`), join });
    expect(await group?.exited).toEqual({ code: 0, signal: null });
    expect(readFileSync(path.join(folder, "seen"), "utf8")).toBe("00");
    expect(await launcher.launch({ ...spec("true"), join: ["a\nb"] })).toBeNull();
  });

  test("reports a command's exit code, or the signal that ended it", async () => {
    const launcher = launcherOn();
    expect(await (await started(launcher, "exit 3")).exited).toEqual({ code: 3, signal: null });
    expect(await (await started(launcher, "kill -TERM $$")).exited).toEqual({
      code: null,
      signal: "SIGTERM",
    });
  });

  test("runs bash -c in the directory, with exactly the environment given, stdin closed, both outputs in the log", async () => {
    const launcher = launcherOn();
    const group = await started(
      launcher,
      "pwd; env -0 | grep -zvE '^(PWD|SHLVL|_)=' | sort -z | tr '\\0' '\\n'; cat; echo err >&2",
      {
        PATH: SEARCH_PATH,
        MULTI_LINE: "a\nb=c",
        EMPTY: "",
      },
    );
    await group.exited;
    expect(readFileSync(path.join(folder, "log"), "utf8")).toBe(
      `${folder}\nEMPTY=\nMULTI_LINE=a\nb=c\nPATH=${SEARCH_PATH}\nerr\n`,
    );
  });

  test("each command leads a process group of its own, in a session without the helper's", async () => {
    const launcher = launcherOn();
    const group = await started(launcher, "cut -d' ' -f5,6 /proc/$$/stat");
    await group.exited;
    const [processGroup, session] = readFileSync(path.join(folder, "log"), "utf8")
      .trim()
      .split(" ")
      .map(Number);
    expect(processGroup).toBe(group.pid);
    expect(session).not.toBe(Number(readFileSync("/proc/self/stat", "utf8").split(" ")[5]));
  });

  test("a command ignores and blocks no signal: the launcher's own settings stay with it", async () => {
    const launcher = launcherOn();
    await (await started(launcher, "grep -E '^Sig(Blk|Ign):' /proc/self/status")).exited;
    expect(readFileSync(path.join(folder, "log"), "utf8")).toBe(
      "SigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n",
    );
  });

  test("commands run at once, and each exit reaches its own call", async () => {
    const launcher = launcherOn();
    const slow = await started(launcher, "sleep 0.5; exit 7");
    const quick = await started(launcher, "exit 4");
    expect(await quick.exited).toEqual({ code: 4, signal: null });
    expect(await slow.exited).toEqual({ code: 7, signal: null });
  });

  test("without perl on the machine, or a variable the protocol cannot carry, it leaves the command to the caller", async () => {
    const bashOnly = path.join(folder, "bin");
    await import("node:fs").then((fs) => fs.mkdirSync(bashOnly));
    symlinkSync("/bin/bash", path.join(bashOnly, "bash"));
    const withoutPerl = launcherOn(bashOnly);
    expect(await withoutPerl.launch(spec("true"))).toBeNull();
    expect(await withoutPerl.launch(spec("true"))).toBeNull();
    const launcher = launcherOn();
    expect(await launcher.launch(spec("true", { "A=B": "x", PATH: SEARCH_PATH }))).toBeNull();
    expect(await launcher.launch(spec("echo \0"))).toBeNull();
  });

  test("killed while a command runs, the command is stopped and its call fails; the next command gets a new launcher", async () => {
    const launcher = launcherOn();
    const pidFile = path.join(folder, "pid");
    const running = await started(launcher, `echo $PPID > ${pidFile}; sleep 30`);
    process.kill(await pidIn(pidFile), "SIGKILL");
    const failure = await running.exited.then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(GuildsError);
    expect((failure as GuildsError).code).toBe("shell.launcher_lost");
    expect(groupHasLiveMembers(running.pid ?? 0)).toBe(false);
    expect(await (await started(launcher, "exit 5")).exited).toEqual({ code: 5, signal: null });
  });
});

describe("a serve helper's foreground command", () => {
  helperTest.override({ transport: "serve" });
  helperTest("is forked by the launcher, not by the helper", async ({ helper }) => {
    const result = await run(helper, "shell", { command: "cat /proc/$PPID/comm" });
    expect(result.text).toBe("perl");
  });
});
