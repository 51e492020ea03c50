import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { isProcessLive } from "@guilds/runtime/processTable";
import { describe, expect, test } from "vitest";
import { type MachineRecord, readMachineRecord } from "../../../src/machines/local/records/machineRecord.ts";
import { bash, codeOp, hostProcessesWith, sleepMarker, waitFor } from "../machineFixture.ts";
import { availableSandboxes, usePersistentRoot } from "./persistentFixture.ts";

const AGENT = "agent-p";
const sandboxes = await availableSandboxes(AGENT);

describe.each(sandboxes)("a persistent %s machine", (sandbox) => {
  const persistent = usePersistentRoot(AGENT, sandbox);

  async function record(): Promise<MachineRecord> {
    const found = await readMachineRecord(persistent.root);
    if (!found) throw new Error(`no machine record in ${persistent.root}`);
    return found;
  }

  test("a second start on the root adopts the running machine: background commands and run/ carry over", async () => {
    const first = await persistent.open();
    await first.start();
    const marker = sleepMarker();
    const started = await codeOp(first, AGENT, "shell", { command: `sleep ${marker}`, background: true });
    expect(started).toMatch(/^started b1 in the background/);
    await first.writeFile(`${first.runtimeDir}/kept.txt`, "kept");
    const before = await record();

    const second = await persistent.open();
    await second.start();
    expect(second.isRunning()).toBe(true);
    expect(await record()).toEqual(before);
    const listed = await codeOp(second, AGENT, "shell_status", {});
    expect(listed).toMatch(new RegExp(`^b1 running \\S+ sleep ${marker}$`));
    expect((await bash(second, `cat ${second.runtimeDir}/kept.txt`)).stdout).toBe("kept");
    expect(hostProcessesWith(`sleep ${marker}`)).toHaveLength(1);
    const next = await codeOp(second, AGENT, "shell", { command: `sleep ${marker}`, background: true });
    expect(next).toMatch(/^started b2 in the background/);
  });

  test("stop() of an adopted machine ends it, its background commands with it, and empties run/", async () => {
    const first = await persistent.open();
    await first.start();
    const marker = sleepMarker();
    await codeOp(first, AGENT, "shell", { command: `sleep ${marker}`, background: true });
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 1, 5000)).toBe(true);
    const started = await record();

    const second = await persistent.open();
    await second.start();
    await second.stop();
    expect(second.isRunning()).toBe(false);
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 5000)).toBe(true);
    expect(isProcessLive(started.pid, started.start_ticks)).toBe(false);
    expect(await readMachineRecord(persistent.root)).toBeNull();
    expect(readdirSync(path.join(persistent.root, "run"))).toEqual([]);
    // The first object sees the machine gone, and its next start is a new machine.
    expect(first.isRunning()).toBe(false);
    await first.start();
    expect((await record()).boot).not.toBe(started.boot);
    expect(await codeOp(first, AGENT, "shell_status", {})).toBe("no background commands");
  });

  test("stops itself when idle, background commands included, though this process still holds it", async () => {
    const machine = await persistent.open(700);
    await machine.start();
    const started = await record();
    const marker = sleepMarker();
    await codeOp(machine, AGENT, "shell", { command: `sleep ${marker}`, background: true });
    // A command that runs past the idle time keeps it awake; the background one does not.
    const long = await bash(machine, "sleep 1.2; echo done");
    expect(long.stdout).toBe("done\n");
    expect(machine.isRunning()).toBe(true);
    expect(await waitFor(() => !machine.isRunning(), 5000)).toBe(true);
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 5000)).toBe(true);
    expect(isProcessLive(started.pid, started.start_ticks)).toBe(false);
    expect(readFileSync(path.join(persistent.root, "machine.log"), "utf8")).toContain("idle for 700 ms");
    // The next start is a new machine, with a new run/.
    await machine.start();
    expect((await record()).boot).not.toBe(started.boot);
    expect(await codeOp(machine, AGENT, "shell_status", {})).toBe("no background commands");
  });

  test("a long-lived session does not keep it awake; what goes through it does", async () => {
    const machine = await persistent.open(500);
    await machine.start();
    const session = machine.exec({
      argv: ["cat"],
      env: { ...machine.baseEnv },
      stdin: "pipe",
      longLived: true,
    });
    session.stdout.resume();
    for (let write = 0; write < 6; write += 1) {
      session.stdin?.write("ping\n");
      await sleep(200);
    }
    expect(machine.isRunning()).toBe(true);
    expect(await waitFor(() => !machine.isRunning(), 5000)).toBe(true);
    // The daemon ends what still runs (TERM) before it goes.
    const ended = await session.exit.then(
      (status) => status.signal,
      (error: { code?: string }) => error.code,
    );
    expect(["SIGTERM", "machine.exec_failed"]).toContain(ended);
  });

  test("a machine whose process is gone is replaced on the next start", async () => {
    const first = await persistent.open();
    await first.start();
    const started = await record();
    process.kill(started.pid, "SIGKILL");
    expect(await waitFor(() => !first.isRunning(), 5000)).toBe(true);
    const second = await persistent.open();
    await second.start();
    expect((await record()).boot).not.toBe(started.boot);
    expect((await bash(second, "echo back")).stdout).toBe("back\n");
  });
});
