import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Frame } from "@guilds/protocol/machineExec";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { DaemonConnections } from "../../../src/machines/local/daemon/daemonConnection.ts";
import { DAEMON_FOLDER, openDaemonFolder } from "../../../src/machines/local/daemon/daemonEndpoint.ts";
import { createLocalMachine, type LocalMachine } from "../../../src/machines/local/localMachine.ts";
import { readMachineRecord } from "../../../src/machines/local/records/machineRecord.ts";
import type { MachineProcess } from "../../../src/machines/machine.ts";
import {
  codeOp,
  codeOpArgv,
  hostProcessesWith,
  recordingLogger,
  sleepMarker,
  tempRoot,
  waitFor,
} from "../machineFixture.ts";
import { availableSandboxes, usePersistentRoot } from "./persistentFixture.ts";

const AGENT = "agent-s";
const sandboxes = await availableSandboxes(AGENT);

/** A foreground command that ignores SIGTERM: only its helper's SIGKILL ends it. */
const stubborn = (marker: string) => `trap "" TERM; sleep ${marker}; true`;

/** The argv of a guilds-code call running, in the foreground, a command that ignores SIGTERM. */
function stubbornShell(machine: LocalMachine, marker: string): string[] {
  return codeOpArgv(machine, AGENT, "shell", { command: stubborn(marker) });
}

/** A helper running a stubborn foreground command, once the command runs past its trap. */
async function startStubborn(machine: LocalMachine): Promise<{ marker: string; helper: MachineProcess }> {
  const marker = sleepMarker();
  const helper = machine.exec({ argv: stubbornShell(machine, marker), env: { ...machine.baseEnv } });
  helper.stdout.resume();
  helper.stderr.resume();
  helper.exit.catch(() => {});
  expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 1, 5000)).toBe(true);
  // Past the trap, so that TERM is ignored for sure.
  await sleep(200);
  return { marker, helper };
}

describe.each(sandboxes)("a persistent %s machine whose host connection drops", (sandbox) => {
  const persistent = usePersistentRoot(AGENT, sandbox);

  test("lets the helper stop its foreground command, and leaves background commands running", async () => {
    const machine = await persistent.open();
    await machine.start();
    const background = sleepMarker();
    await codeOp(machine, AGENT, "shell", { command: `sleep ${background}`, background: true });
    expect(await waitFor(() => hostProcessesWith(`sleep ${background}`).length === 1, 5000)).toBe(true);

    // The host side of one call, as an orchestrator holds it: its connection is all the daemon sees.
    const record = await readMachineRecord(persistent.root);
    if (!record) throw new Error("no machine record");
    const folder = openDaemonFolder(path.join(persistent.root, "run", DAEMON_FOLDER), record.boot);
    const connections = new DaemonConnections(folder.endpoint);
    const frames: number[] = [];
    const connection = connections.take({ onFrame: (frame) => frames.push(frame.type), onClose() {} });
    const foreground = sleepMarker();
    connection.sendJson(Frame.start, {
      argv: stubbornShell(machine, foreground),
      env: { ...machine.baseEnv },
      cwd: machine.home,
      stdin: "ignore",
    });
    try {
      expect(await waitFor(() => hostProcessesWith(`sleep ${foreground}`).length === 1, 5000)).toBe(true);
      // Past the trap, so that TERM is ignored for sure.
      await sleep(200);
      expect(frames).toContain(Frame.started);
      connection.destroy();
      const dropped = Date.now();
      expect(await waitFor(() => hostProcessesWith(`sleep ${foreground}`).length === 0, 4500)).toBe(true);
      // Not at once: the helper was asked to stop, and gave its command the TERM grace first.
      expect(Date.now() - dropped).toBeGreaterThan(1500);
      expect(hostProcessesWith(`sleep ${background}`)).toHaveLength(1);
      // The daemon lives on, and so does the background command, past its KILL.
      await sleep(1500);
      expect(hostProcessesWith(`sleep ${background}`)).toHaveLength(1);
      expect(await codeOp(machine, AGENT, "shell_status", {})).toMatch(/^b1 running /);
    } finally {
      connections.close();
      folder.close();
    }
  });
});

describe.each(sandboxes)("a persistent %s machine's stop", (sandbox) => {
  const persistent = usePersistentRoot(AGENT, sandbox);

  test("ends a foreground command that ignores TERM", async () => {
    const machine = await persistent.open();
    await machine.start();
    const { marker } = await startStubborn(machine);
    await machine.stop();
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 500)).toBe(true);
  });
});

describe("an unconfined machine's stop", () => {
  let root: string;
  let remove: () => void;
  let machine: LocalMachine;

  beforeEach(async () => {
    ({ root, remove } = tempRoot());
    machine = await createLocalMachine({
      agentId: AGENT,
      root,
      sandbox: "unconfined",
      logger: recordingLogger(),
    });
    await machine.start();
  });

  afterEach(async () => {
    await machine.stop();
    remove();
  });

  test("ends a foreground command that ignores TERM, through its helper", async () => {
    const { marker, helper } = await startStubborn(machine);
    await machine.stop();
    expect(hostProcessesWith(`sleep ${marker}`)).toEqual([]);
    expect(hostProcessesWith(`bash -c ${stubborn(marker)}`)).toEqual([]);
    // The helper answered: it stopped its command as a cancel does, and exited by itself.
    expect((await helper.exit).signal).toBeNull();
  });

  test("ends a foreground command whose helper died without stopping it", async () => {
    const { marker, helper } = await startStubborn(machine);
    helper.kill("SIGKILL");
    await helper.exit;
    // Orphaned: its own session, nobody's descendant any more.
    await sleep(100);
    expect(hostProcessesWith(`sleep ${marker}`)).toHaveLength(1);
    await machine.stop();
    expect(await waitFor(() => hostProcessesWith(`sleep ${marker}`).length === 0, 500)).toBe(true);
  });
});
