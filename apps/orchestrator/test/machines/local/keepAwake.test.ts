import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, test } from "vitest";
import { createLocalMachine, type LocalMachine } from "../../../src/machines/local/localMachine.ts";
import { recordingLogger, tempRoot, waitFor } from "../machineFixture.ts";
import { availableSandboxes, endLeftoverMachine } from "./persistentFixture.ts";

const AGENT = "agent-k";
const IDLE_STOP_MS = 500;
const cases = (await availableSandboxes(AGENT)).flatMap((sandbox) => [
  { sandbox, persistent: false, label: `${sandbox}, tied to this process` },
  { sandbox, persistent: true, label: `${sandbox}, persistent` },
]);

describe.each(cases)("keepAwake ($label)", ({ sandbox, persistent }) => {
  let root = "";
  let remove = () => {};
  let machine: LocalMachine | null = null;

  afterEach(async () => {
    await machine?.stop();
    machine = null;
    await endLeftoverMachine(root, AGENT);
    remove();
  });

  async function startMachine(): Promise<LocalMachine> {
    ({ root, remove } = tempRoot());
    machine = await createLocalMachine({
      agentId: AGENT,
      root,
      sandbox,
      persistent,
      idleStopMs: IDLE_STOP_MS,
      logger: recordingLogger(),
    });
    await machine.start();
    return machine;
  }

  test("holds the idle stop off until every hold is released, then it fires after the idle time", async () => {
    const m = await startMachine();
    const releaseFirst = m.keepAwake();
    const releaseSecond = m.keepAwake();
    await sleep(IDLE_STOP_MS * 2.5);
    expect(m.isRunning()).toBe(true);
    // Releasing twice releases once: the second hold still counts.
    releaseFirst();
    releaseFirst();
    await sleep(IDLE_STOP_MS * 2);
    expect(m.isRunning()).toBe(true);
    const releasedAt = Date.now();
    releaseSecond();
    expect(await waitFor(() => !m.isRunning(), 5000)).toBe(true);
    expect(Date.now() - releasedAt).toBeGreaterThanOrEqual(IDLE_STOP_MS - 50);
  });

  test("a hold taken before the start counts once the machine runs", async () => {
    const m = await startMachine();
    await m.stop();
    const release = m.keepAwake();
    await m.start();
    await sleep(IDLE_STOP_MS * 2.5);
    expect(m.isRunning()).toBe(true);
    release();
    expect(await waitFor(() => !m.isRunning(), 5000)).toBe(true);
  });
});
