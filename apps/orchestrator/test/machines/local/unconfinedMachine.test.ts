import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createLocalMachine, type LocalMachine } from "../../../src/machines/local/localMachine.ts";
import {
  bash,
  hostProcessesWith,
  recordingLogger as makeLogger,
  type recordingLogger,
  run,
  tempRoot,
  waitFor,
} from "../machineFixture.ts";

describe("local machine, unconfined", () => {
  let root: string;
  let remove: () => void;
  let machine: LocalMachine;
  let logger: ReturnType<typeof recordingLogger>;

  beforeEach(async () => {
    ({ root, remove } = tempRoot());
    logger = makeLogger();
    machine = await createLocalMachine({ agentId: "agent-u", root, sandbox: "unconfined", logger });
    await machine.start();
  });

  afterEach(async () => {
    await machine.stop();
    remove();
  });

  test("says on every start that it is not confined, and how to fix it", async () => {
    expect(machine.sandbox).toBe("unconfined");
    expect(logger.warnings.some((line) => line.includes("NOT confined"))).toBe(true);
    await machine.stop();
    await machine.start();
    expect(logger.warnings.filter((line) => line.includes("NOT confined"))).toHaveLength(2);
  });

  test("has a new runtime generation after each start, and none while stopped", async () => {
    const first = machine.runtimeGeneration();
    expect(first).not.toBeNull();
    await machine.start();
    expect(machine.runtimeGeneration()).toBe(first);
    await machine.stop();
    expect(machine.runtimeGeneration()).toBeNull();
    await machine.start();
    const second = machine.runtimeGeneration();
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
  });

  test("runs commands with their exit code, stdout and stderr, in the home", async () => {
    const ran = await bash(machine, 'echo out; echo err >&2; pwd; echo "$HOME $GUILDS_RUNTIME_DIR"; exit 3');
    expect(ran.code).toBe(3);
    expect(ran.stderr).toBe("err\n");
    expect(ran.stdout).toBe(`out\n${root}/home\n${root}/home ${root}/run\n`);
  });

  test("gives exactly the environment passed", async () => {
    const ran = await run(machine, ["/usr/bin/env"], { env: { ONLY: "this" } });
    expect(ran.stdout).toBe("ONLY=this\n");
  });

  test("puts guilds-code, rg and node on PATH, and runs helpers by helperCommand", async () => {
    const ran = await bash(machine, "command -v guilds-code rg node && rg --version | head -1");
    expect(ran.code).toBe(0);
    expect(ran.stdout).toContain("ripgrep");
    const [command, bundle] = machine.helperCommand("guilds-code");
    expect(command).toBe(process.execPath);
    expect(bundle).toMatch(/runtime\/guilds-code\/dist\/guilds-code$/);
    expect(() => machine.helperCommand("guilds-nothing")).toThrow(/not built/);
  });

  test("writeFile maps /run/guilds and /home/agent, and refuses other paths", async () => {
    await machine.writeFile("/run/guilds/requests/r1-c1.json", '{"a":1}');
    expect(readFileSync(path.join(root, "run/requests/r1-c1.json"), "utf8")).toBe('{"a":1}');
    await machine.writeFile("/home/agent/notes.txt", "hi", 0o644);
    expect(readFileSync(path.join(root, "home/notes.txt"), "utf8")).toBe("hi");
    await expect(machine.writeFile("/etc/evil", "x")).rejects.toMatchObject({ code: "machine.path_outside" });
    await expect(machine.writeFile("/run/guilds/../../etc/evil", "x")).rejects.toMatchObject({
      code: "machine.path_outside",
    });
  });

  test("kill() ends the whole process group", async () => {
    const marker = `${Date.now() % 100000}.123`;
    const child = machine.exec({
      argv: ["bash", "-c", `sleep ${marker} & sleep ${marker}; wait`],
      env: { PATH: "/usr/bin:/bin" },
    });
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 2, 5000)).toBe(true);
    child.kill("SIGKILL");
    expect((await child.exit).signal).toBe("SIGKILL");
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 5000)).toBe(true);
  });

  test("stop() ends background commands found in their records, clears run/ and keeps the home", async () => {
    const marker = `${Date.now() % 100000}.456`;
    writeFileSync(path.join(root, "home/kept.txt"), "kept");
    const started = await bash(
      machine,
      `mkdir -p "$GUILDS_RUNTIME_DIR/agent-u/background"; setsid sleep ${marker} >/dev/null 2>&1 < /dev/null & echo "{\\"pid\\": $!}" > "$GUILDS_RUNTIME_DIR/agent-u/background/b1.json"`,
    );
    expect(started.code).toBe(0);
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 1, 5000)).toBe(true);
    await machine.stop();
    expect(machine.isRunning()).toBe(false);
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 5000)).toBe(true);
    expect(readdirSync(path.join(root, "run"))).toEqual([]);
    expect(readFileSync(path.join(root, "home/kept.txt"), "utf8")).toBe("kept");
    const refused = machine.exec({ argv: ["true"], env: {} });
    await expect(refused.exit).rejects.toMatchObject({ code: "machine.not_running" });
    await machine.start();
    expect((await bash(machine, "cat kept.txt")).stdout).toBe("kept");
    expect(existsSync(path.join(root, "run/.machine/bin/guilds-code"))).toBe(true);
  });

  test("a command that does not exist exits 127 with the reason on stderr", async () => {
    const ran = await run(machine, ["/no/such/program"]);
    expect(ran.code).toBe(127);
    expect(ran.stderr).toContain("/no/such/program");
  });
});
