import { spawn } from "node:child_process";
import { afterEach, describe, expect, test } from "vitest";
import {
  abandonGroup,
  endGroups,
  isGroupAlive,
  signalGroup,
  stopProcessGroup,
  waitForExitOrKill,
} from "../src/processGroupStop.ts";
import { isProcessLive } from "../src/processTable.ts";
import { groupsWithDescendants } from "../src/processTree.ts";

/** Groups the tests started: whatever a test leaves is killed after it. */
const startedGroups: number[] = [];

/** A shell in a process group of its own; `ignoreTerm` makes it (and its sleep) ignore SIGTERM. */
function startGroup(ignoreTerm: boolean): number {
  const script = `${ignoreTerm ? "trap '' TERM; " : ""}sleep 30 & wait`;
  const { pid } = spawn("/bin/sh", ["-c", script], { detached: true, stdio: "ignore" });
  if (pid === undefined) throw new Error("the shell did not start");
  startedGroups.push(pid);
  return pid;
}

async function until(condition: () => boolean, ms = 3_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  return condition();
}

afterEach(() => {
  for (const group of startedGroups.splice(0)) signalGroup(group, "SIGKILL");
});

describe("signalGroup", () => {
  test("never signals init or this process's own group", () => {
    expect(signalGroup(1, 0)).toBe(false);
    expect(signalGroup(process.pid, 0)).toBe(false);
    expect(signalGroup(0, 0)).toBe(false);
  });

  test("an unknown signal name fails like a gone group", () => {
    const group = startGroup(false);
    expect(signalGroup(group, "SIGNOPE")).toBe(false);
    expect(isGroupAlive(group)).toBe(true);
  });
});

describe("stopping process groups", () => {
  test("stopProcessGroup: SIGTERM, then SIGKILL after the grace to a group that ignores it", async () => {
    const polite = startGroup(false);
    const stubborn = startGroup(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const politeStart = Date.now();
    await stopProcessGroup(polite, 2_000);
    expect(Date.now() - politeStart).toBeLessThan(1_500);
    const stubbornStart = Date.now();
    await stopProcessGroup(stubborn, 300);
    expect(Date.now() - stubbornStart).toBeGreaterThanOrEqual(300);
    expect(await until(() => !isGroupAlive(polite) && !isGroupAlive(stubborn))).toBe(true);
  });

  test("endGroups: every group at once, SIGKILL to those still there after the grace", async () => {
    const groups = [startGroup(false), startGroup(true), startGroup(true)];
    await new Promise((resolve) => setTimeout(resolve, 100));
    const start = Date.now();
    await endGroups(groups, 400);
    expect(Date.now() - start).toBeGreaterThanOrEqual(400);
    expect(await until(() => groups.every((group) => !isGroupAlive(group)))).toBe(true);
  });

  test("abandonGroup: ends a group nobody waits for", async () => {
    const group = startGroup(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    abandonGroup(group);
    expect(await until(() => !isGroupAlive(group))).toBe(true);
  });

  test("waitForExitOrKill: SIGKILL to a process still running when the time is up", async () => {
    const pid = startGroup(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await waitForExitOrKill(pid, 200);
    expect(await until(() => !isProcessLive(pid))).toBe(true);
  });

  test("groupsWithDescendants: a live group, and the groups its members' children started", async () => {
    const child = spawn(
      process.execPath,
      [
        "-e",
        `require("node:child_process").spawn("sleep", ["30"], { detached: true, stdio: "ignore" }); setTimeout(() => {}, 30000);`,
      ],
      { detached: true, stdio: "ignore" },
    );
    const leader = child.pid ?? 0;
    startedGroups.push(leader);
    expect(await until(() => groupsWithDescendants([leader]).size === 2)).toBe(true);
    const found = [...groupsWithDescendants([leader])];
    startedGroups.push(...found);
    expect(found).toContain(leader);
  });
});
