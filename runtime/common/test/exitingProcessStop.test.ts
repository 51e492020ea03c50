import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { type ExitingProcess, killUnlessExited, stopProcess } from "../src/exitingProcessStop.ts";

/** A child behind the handle the orchestrator gets for a process in a machine. */
function handle(script: string): ExitingProcess & { signals: NodeJS.Signals[] } {
  const child = spawn("/bin/sh", ["-c", script], { stdio: "ignore" });
  const signals: NodeJS.Signals[] = [];
  const exit = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  return {
    exit,
    signals,
    kill(signal) {
      signals.push(signal);
      child.kill(signal);
    },
  };
}

test("stopProcess: SIGTERM, and no SIGKILL for a process that exits at it", async () => {
  const sleeper = handle("exec sleep 30");
  await stopProcess(sleeper, 2_000);
  expect(sleeper.signals).toEqual(["SIGTERM"]);
  await expect(sleeper.exit).resolves.toEqual({ code: null, signal: "SIGTERM" });
});

test("stopProcess: SIGKILL after the grace to a process ignoring SIGTERM", async () => {
  const stubborn = handle("trap '' TERM; while :; do sleep 0.05; done");
  await new Promise((resolve) => setTimeout(resolve, 100));
  const start = Date.now();
  await stopProcess(stubborn, 300);
  expect(Date.now() - start).toBeGreaterThanOrEqual(300);
  expect(stubborn.signals).toEqual(["SIGTERM", "SIGKILL"]);
  await expect(stubborn.exit).resolves.toEqual({ code: null, signal: "SIGKILL" });
});

test("killUnlessExited: true when the process exits by itself within the wait", async () => {
  const quick = handle("exit 0");
  expect(await killUnlessExited(quick, 2_000)).toBe(true);
  expect(quick.signals).toEqual([]);
  const slow = handle("exec sleep 30");
  expect(await killUnlessExited(slow, 100)).toBe(false);
  expect(slow.signals).toEqual(["SIGKILL"]);
});
